import {
  consentListResponseSchema,
  consentResponseSchema,
  grantConsentBodySchema,
  idParamsSchema,
  onBehalfHeadersSchema,
} from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody, requirePrincipal } from '../../../access/require-principal.ts';
import { type ClientScope, resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { confirmsCaller } from '../../../auth/confirm-principal.ts';
import { openToConsentsScope } from '../../../auth/principal.ts';
import { registerConsentExpiry } from '../../../consents/consent-expiry-job.ts';
import {
  getConsent,
  grantConsent,
  listConsents,
  withdrawConsent,
} from '../../../consents/consents-repository.ts';
import { configuredDocumentStore } from '../../../documents/document-store.ts';
import { AppError } from '../../../errors/app-error.ts';
import { conflictResponse, errorResponses } from '../error-responses.ts';

/** Granting and withdrawing are the client's own acts: an adviser or operator acting on behalf gets 403. */
function requireClientItself(request: FastifyRequest): ClientScope {
  const principal = requirePrincipal(request);
  if (principal.kind !== 'client')
    throw new AppError('forbidden', 'Only the client can give or withdraw a consent');
  return { tenantId: principal.tenantId, clientId: principal.clientId, actor: principal };
}

/**
 * `api/v2/consents`: the client's consents to share data with advisers' practices (spec §3
 * consent status and events; docs/open-banking.md), and the expiry sweep on the job queue.
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerConsentExpiry(app);

  app.get(
    '/v2/consents',
    {
      config: { ...confirmsCaller, ...openToConsentsScope },
      schema: {
        tags: ['consents'],
        headers: onBehalfHeadersSchema,
        description: "The client's consents (an adviser sees only their own practice's).",
        response: { 200: consentListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await listConsents(app.database.db, scope) };
    },
  );

  app.get(
    '/v2/consents/:id',
    {
      config: { ...confirmsCaller, ...openToConsentsScope },
      schema: {
        tags: ['consents'],
        headers: onBehalfHeadersSchema,
        description: 'One consent with its confirmation and withdrawal events.',
        params: idParamsSchema,
        response: { 200: consentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await resolveClientScope(request);
      return { data: await getConsent(app.database.db, scope, request.params.id) };
    },
  );

  app.post(
    '/v2/consents',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['consents'],
        description:
          'The client confirms sharing with a practice for one of the durations of config/cdr (at most 12 months).',
        body: grantConsentBodySchema,
        response: { 201: consentResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = requireClientItself(request);
      return reply.code(201).send({ data: await grantConsent(app.database.db, scope, request.body) });
    },
  );

  app.delete(
    '/v2/consents/:id',
    {
      config: openToConsentsScope,
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['consents'],
        description:
          "The client withdraws a consent: the practice loses access at once and the client's shared open-banking data is deleted when no other consent covers it. 409 when it has ended already.",
        params: idParamsSchema,
        response: { 200: consentResponseSchema, ...errorResponses, ...conflictResponse },
      },
    },
    async (request) => {
      const scope = requireClientItself(request);
      // The practice's exports of the client go with the consent, their files too (DOCUMENT_STORE).
      const store = configuredDocumentStore(app.config.documentStorage);
      return {
        data: await withdrawConsent(app.database.db, scope, request.params.id, { store, log: request.log }),
      };
    },
  );
};
