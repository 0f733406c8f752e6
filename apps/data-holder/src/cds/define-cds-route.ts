import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Consent } from '../consents/consent-tokens.ts';
import { type Bank, findBank } from '../data/banks.ts';
import type { HolderRuntime } from '../holder-runtime.ts';
import { CdsError } from './cds-error.ts';
import { negotiateVersion, type SupportedVersions } from './negotiate-version.ts';

export interface CdsRouteOptions {
  method?: 'GET' | 'POST';
  /** Under `/:bankId/cds-au/v1`. */
  url: string;
  versions: SupportedVersions;
  authenticated: boolean;
  /** Discovery keeps answering through an outage: it is how the outage is announced. */
  ignoresOutage?: boolean;
}

export interface CdsRequestContext {
  bank: Bank;
  /** Set on authenticated routes. */
  consent: Consent | undefined;
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
  /** The absolute URL of this request, for the links of the response. */
  selfUrl: URL;
}

function bearerConsent(request: FastifyRequest, runtime: HolderRuntime, bank: Bank): Consent {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new CdsError('invalidToken', 'Authorization: Bearer <access token> is required');
  const consent = runtime.consents.verify(match[1]);
  if (consent.bankId !== bank.id)
    throw new CdsError('invalidConsent', `the consent was given to another bank`);
  return consent;
}

/**
 * One CDS endpoint: bank, version negotiation, bearer consent and the bank's fault switches are
 * settled here, in that order, before the handler builds the body.
 */
export function defineCdsRoute(
  scope: FastifyInstance,
  runtime: HolderRuntime,
  options: CdsRouteOptions,
  handle: (context: CdsRequestContext) => unknown,
): void {
  scope.route({
    method: options.method ?? 'GET',
    url: `/:bankId/cds-au/v1${options.url}`,
    handler: async (request, reply) => {
      const params = request.params as Record<string, string>;
      const bank = findBank(params.bankId ?? '');
      if (!bank) throw new CdsError('resourceNotFound', `no bank '${params.bankId}' at this holder`);
      const { 'x-v': requested, 'x-min-v': minimum } = request.headers;
      const version = negotiateVersion({ 'x-v': requested, 'x-min-v': minimum }, options.versions);
      const consent = options.authenticated ? bearerConsent(request, runtime, bank) : undefined;
      const fault = (kind: Parameters<HolderRuntime['faults']['find']>[1]) =>
        runtime.faults.find(bank.id, kind, consent?.customerId);
      const timeout = fault('timeout');
      if (timeout) await delay(timeout.delayMs ?? runtime.timeoutDelayMs);
      if (!options.ignoresOutage && fault('outage')) {
        throw new CdsError('serviceUnavailable', `${bank.name} is unavailable (simulated outage)`);
      }
      if (consent && fault('invalid_credentials')) {
        throw new CdsError('invalidCredentials', `${bank.name} no longer accepts the customer's credentials`);
      }
      if (consent && fault('mfa_needed')) {
        throw new CdsError(
          'mfaRequired',
          `${bank.name} needs the customer to complete multi-factor authentication`,
        );
      }
      const selfUrl = new URL(request.url, `${request.protocol}://${request.host}`);
      const body = await handle({
        bank,
        consent,
        query: request.query as Record<string, unknown>,
        params,
        body: request.body,
        selfUrl,
      });
      reply.header('x-v', String(version));
      return body;
    },
  });
}
