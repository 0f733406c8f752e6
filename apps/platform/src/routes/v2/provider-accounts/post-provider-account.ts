import {
  connectProviderAccountBodySchema,
  onBehalfHeadersSchema,
  providerAccountResponseSchema,
} from '@waratah/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseAnonymousBody } from '../../../access/require-principal.ts';
import { resolveClientScope } from '../../../access/resolve-client-scope.ts';
import { connectProviderAccount } from '../../../open-banking/connect-provider-account.ts';
import { holderTokenCipher } from '../../../open-banking/holder-token-cipher.ts';
import { enqueueRefresh } from '../../../open-banking/refresh-jobs.ts';
import { errorResponses } from '../error-responses.ts';

/** `POST api/v2/provideraccounts`: connects an open-banking provider and queues its first refresh (docs/open-banking.md). */
export const postProviderAccountRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/provideraccounts',
    {
      preParsing: refuseAnonymousBody,
      schema: {
        tags: ['aggregation'],
        headers: onBehalfHeadersSchema,
        description:
          'Connects the client to an open-banking provider. The holder authorises a consent; the first refresh is queued. A holder that refuses (MFA, credentials, outage) leaves the connection in needs_action or failed.',
        body: connectProviderAccountBodySchema,
        response: { 201: providerAccountResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await resolveClientScope(request);
      const body = request.body;
      const providerAccount = await connectProviderAccount(
        app.database.db,
        scope,
        {
          providerId: body.provider_id,
          customerId: body.customer_id,
          sharingDays: body.sharing_days,
        },
        { tokens: await holderTokenCipher(app.config), log: request.log },
      );
      // A new connection (`adding`), or one connected again (`updating`), with a consent to refresh under.
      if (['adding', 'updating'].includes(providerAccount.refresh_status.status))
        await enqueueRefresh(app.jobQueue, providerAccount.id);
      return reply.code(201).send({ data: providerAccount });
    },
  );
};
