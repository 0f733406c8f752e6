import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CdsError } from '../cds/cds-error.ts';
import { findBank } from '../data/banks.ts';
import type { HolderRuntime } from '../holder-runtime.ts';

const grantSchema = z.strictObject({
  bank: z.string().min(1),
  customerId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'lower-case letters, digits and hyphens'),
  /** The CDR caps sharing at 12 months. */
  sharingDays: z.number().int().min(1).max(365).default(365),
});

function invalid(error: z.ZodError): CdsError {
  const issue = error.issues[0];
  return new CdsError('invalidField', `${issue?.path.join('.') || 'body'}: ${issue?.message}`);
}

/**
 * The simulated authorisation step: where a real holder would redirect the customer to log in and
 * approve, this answers at once with a token, or with the fault the bank is switched to.
 */
export function registerConsentAdminRoutes(scope: FastifyInstance, runtime: HolderRuntime): void {
  scope.post('/admin/consents', async (request, reply) => {
    const parsed = grantSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    const { bank: bankId, customerId, sharingDays } = parsed.data;
    const bank = findBank(bankId);
    if (!bank) throw new CdsError('resourceNotFound', `no bank '${bankId}' at this holder`);
    const timeout = runtime.faults.find(bank.id, 'timeout', customerId);
    if (timeout) await delay(timeout.delayMs ?? runtime.timeoutDelayMs);
    if (runtime.faults.find(bank.id, 'outage', customerId)) {
      throw new CdsError('serviceUnavailable', `${bank.name} is unavailable (simulated outage)`);
    }
    if (runtime.faults.find(bank.id, 'invalid_credentials', customerId)) {
      throw new CdsError('invalidCredentials', `the customer's ${bank.name} credentials were not accepted`);
    }
    if (runtime.faults.find(bank.id, 'mfa_needed', customerId)) {
      throw new CdsError(
        'mfaRequired',
        `${bank.name} needs the customer to complete multi-factor authentication`,
      );
    }
    const consent = runtime.consents.issue({ bankId: bank.id, customerId, sharingDays });
    return reply
      .status(201)
      .send({ data: { ...consent, tokenType: 'Bearer', baseUri: `/${bank.id}/cds-au/v1` } });
  });

  scope.delete('/admin/consents/:consentId', async (request, reply) => {
    const { consentId } = request.params as { consentId: string };
    // A bank switched to an outage ends nothing meanwhile: the recipient has to try again later.
    const { bank } = request.query as { bank?: string };
    if (bank && runtime.faults.find(bank, 'outage')) {
      throw new CdsError(
        'serviceUnavailable',
        `${findBank(bank)?.name ?? bank} is unavailable (simulated outage)`,
      );
    }
    runtime.consents.revoke(consentId);
    return reply.status(204).send();
  });
}
