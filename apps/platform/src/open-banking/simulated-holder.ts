import { banks } from '@waratah/data-holder';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { readJsonBody } from './cds-http-client.ts';
import { CdsRequestError } from './cds-request-error.ts';
import { cdsErrorListSchema, holderConsentAnswerSchema } from './cds-schemas.ts';

export interface HolderConsent {
  consentId: string;
  accessToken: string;
  expiresAt: Date;
}

/** `{root}/{bankId}/cds-au/v1` → root and bank id; undefined for a base that is not the simulated holder's. */
export function splitHolderBase(baseUrl: string): { root: string; bankId: string } | undefined {
  const match = /^(.*)\/([a-z0-9-]+)\/cds-au\/v1\/?$/.exec(baseUrl);
  return match?.[1] && match[2] ? { root: match[1], bankId: match[2] } : undefined;
}

/**
 * The authorisation step against the simulated data holder (apps/data-holder, "Consent"): where an
 * accredited deployment runs the CDR redirect flow and receives a token, the simulated holder
 * answers `POST {root}/admin/consents` at once, or with the fault its bank is switched to, which
 * surfaces as a CdsRequestError the refresh classifies like any other holder answer.
 */
export async function authoriseAtSimulatedHolder(
  baseUrl: string,
  {
    customerId,
    sharingDays,
    fetch: send = fetch,
  }: { customerId: string; sharingDays: number; fetch?: typeof fetch },
): Promise<HolderConsent> {
  const holder = splitHolderBase(baseUrl);
  if (!holder) throw new Error(`${baseUrl} is not a simulated data holder's CDS base`);
  const interactionId = crypto.randomUUID();
  let response: Response;
  try {
    response = await send(`${holder.root}/admin/consents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fapi-interaction-id': interactionId },
      body: JSON.stringify({ bank: holder.bankId, customerId, sharingDays }),
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CdsRequestError({
      kind: 'network',
      message: `could not reach ${holder.root}`,
      interactionId,
      cause: error,
    });
  }
  const body = await readJsonBody(response, interactionId, new URL(`${holder.root}/admin/consents`));
  if (!response.ok) {
    const parsed = cdsErrorListSchema.safeParse(body);
    throw new CdsRequestError({
      kind: 'http',
      status: response.status,
      message: `the holder refused the consent (${response.status})`,
      errors: parsed.success ? parsed.data.errors : [],
      interactionId,
    });
  }
  const answer = holderConsentAnswerSchema.safeParse(body);
  if (!answer.success) {
    // A consent the holder may have given all the same: its id, if it is one to send back, goes
    // with the error, and the caller ends it. Its token is kept nowhere.
    const given = holderConsentAnswerSchema.shape.data.shape.consentId.safeParse(
      (body as { data?: { consentId?: unknown } } | undefined)?.data?.consentId,
    );
    throw new CdsRequestError({
      ...(given.success ? { unrecordedConsentId: given.data } : {}),
      kind: 'invalid_response',
      message: `the holder's consent answer is not one the standard allows: ${answer.error.issues
        .map((issue) => `${issue.path.join('.')} ${issue.message}`)
        .join('; ')}`,
      interactionId,
    });
  }
  const { consentId, accessToken, expiresAt } = answer.data.data;
  return { consentId, accessToken, expiresAt: new Date(expiresAt) };
}

/**
 * Ends a consent at the simulated holder (on withdrawal): its token is refused from then on. Done
 * when the holder answers 2xx (it answers so for a consent it does not know, too); any other answer
 * (a 404 is a holder not mounted there, not a consent already ended), a network failure or 10 s
 * without an answer throws, and the revocation job tries again.
 */
export async function revokeAtSimulatedHolder(
  baseUrl: string,
  consentId: string,
  send: typeof fetch = fetch,
): Promise<void> {
  const holder = splitHolderBase(baseUrl);
  if (!holder) return;
  const url = `${holder.root}/admin/consents/${encodeURIComponent(consentId)}?bank=${encodeURIComponent(holder.bankId)}`;
  const response = await send(url, {
    method: 'DELETE',
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  // Nothing to read: the connection is given back at once.
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) {
    throw new Error(`the holder did not end consent ${consentId} (${response.status})`);
  }
}

/**
 * The simulated holder's banks as open-banking providers (`aggregator_type` cdr) whose CDS base is
 * under `holderRoot`, e.g. `http://127.0.0.1:8080/data-holder`. Existing rows get the base updated.
 * Answers provider id by bank id.
 */
export async function registerSimulatedHolderProviders(
  db: Kysely<Database>,
  holderRoot: string,
): Promise<Record<string, number>> {
  const root = holderRoot.replace(/\/+$/, '');
  const ids: Record<string, number> = {};
  for (const bank of banks) {
    const row = await db
      .insertInto('providers')
      .values({
        name: bank.name,
        status: 'supported',
        container_names: JSON.stringify(['bank', 'credit_card', 'loan']),
        small_logo_url: null,
        base_url: `${root}/${bank.id}/cds-au/v1`,
        aggregator_type: 'cdr',
        popular: false,
      })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({ base_url: `${root}/${bank.id}/cds-au/v1`, aggregator_type: 'cdr' }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[bank.id] = row.id;
  }
  return ids;
}
