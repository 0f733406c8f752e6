import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteProviderAccount } from '../aggregation/provider-accounts-repository.ts';
import type { JobRecord } from '../jobs/job-queue.ts';
import { createTableJobQueue, type TableJobQueue } from '../jobs/table-job-queue.ts';
import {
  queueHolderConsentRevocations,
  registerHolderRevocationWorker,
  revocationRetries,
  revokeHolderConsentJob,
  revokeUnrecordedHolderConsent,
} from './holder-consent-revocation.ts';
import { holderTokenCipher } from './holder-token-cipher.ts';
import { revokeAtSimulatedHolder } from './simulated-holder.ts';
import { openBankingFixture } from './testing/open-banking-fixture.ts';

let fixture: Awaited<ReturnType<typeof openBankingFixture>>;
beforeAll(async () => {
  fixture = await openBankingFixture();
});
afterAll(async () => {
  await fixture.close();
});

const baseOf = (bank: string) => `http://holder.test/data-holder/${bank}/cds-au/v1`;
const harbour = () => fixture.providerIds['harbour-bank'] ?? 0;

/** A new client connected to Harbour Bank: its provider account, holder consent id and plain token. */
async function connected(customerId = 'amelia-nguyen') {
  const { scope, providerAccount } = await fixture.connect('harbour-bank', customerId);
  const row = await fixture.db
    .selectFrom('provider_accounts')
    .select(['holder_consent_id', 'holder_access_token'])
    .where('id', '=', providerAccount.id)
    .executeTakeFirstOrThrow();
  const tokens = await holderTokenCipher();
  return {
    scope,
    id: providerAccount.id,
    consentId: row.holder_consent_id ?? '',
    token: tokens.open(row.holder_access_token ?? ''),
  };
}

/** Whether the holder still honours the token (the consent has not been ended). */
function honoured(token: string): boolean {
  try {
    fixture.holder.consents.verify(token);
    return true;
  } catch {
    return false;
  }
}

async function jobsFor(consentId: string): Promise<JobRecord[]> {
  const { rows } = await sql<{ id: string }>`
    select id from jobs where payload ->> 'consentId' = ${consentId} order by created_at`.execute(fixture.db);
  const queue = createTableJobQueue(fixture.db);
  return (await Promise.all(rows.map((row) => queue.read(row.id)))).filter(
    (job): job is JobRecord => job !== undefined,
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let tries = 0; tries < 600; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function outage(on: boolean) {
  if (on) fixture.holder.faults.set({ bank: 'harbour-bank', fault: 'outage' });
  else fixture.holder.faults.clear({ bank: 'harbour-bank' });
}

describe('ending a holder consent', () => {
  it('is done on a 2xx, and throws on any other answer or during an outage', async () => {
    const { consentId, token } = await connected();
    await outage(true);
    try {
      await expect(revokeAtSimulatedHolder(baseOf('harbour-bank'), consentId, fixture.fetch)).rejects.toThrow(
        /did not end consent .* \(503\)/,
      );
      expect(honoured(token)).toBe(true);
    } finally {
      await outage(false);
    }
    await revokeAtSimulatedHolder(baseOf('harbour-bank'), consentId, fixture.fetch);
    expect(honoured(token)).toBe(false);
    const answering = (status: number) => (async () => new Response(null, { status })) as typeof fetch;
    await expect(
      revokeAtSimulatedHolder(baseOf('harbour-bank'), 'cns-x', answering(204)),
    ).resolves.toBeUndefined();
    // A 404 is a holder not mounted there, not a consent already ended.
    await expect(revokeAtSimulatedHolder(baseOf('harbour-bank'), 'cns-x', answering(404))).rejects.toThrow();
    await expect(revokeAtSimulatedHolder(baseOf('harbour-bank'), 'cns-x', answering(500))).rejects.toThrow();
    await expect(revokeAtSimulatedHolder(baseOf('harbour-bank'), 'cns-x', answering(302))).rejects.toThrow();
  });

  it('is queued with the delete that makes it due, and not at all when that rolls back', async () => {
    const kept = await connected();
    await fixture.db
      .transaction()
      .execute(async (trx) => {
        await queueHolderConsentRevocations(trx, [{ providerId: harbour(), consentId: kept.consentId }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await jobsFor(kept.consentId)).toEqual([]);

    const deleted = await connected();
    await deleteProviderAccount(fixture.db, deleted.scope, deleted.id);
    const jobs = await jobsFor(deleted.consentId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      name: revokeHolderConsentJob,
      state: 'created',
      retryLimit: revocationRetries,
      payload: { providerId: harbour(), consentId: deleted.consentId },
    });
    // The payload names the consent, never its token.
    expect(JSON.stringify(jobs[0]?.payload)).not.toContain(deleted.token);
    // One job per consent while it waits.
    await queueHolderConsentRevocations(fixture.db, [
      { providerId: harbour(), consentId: deleted.consentId },
    ]);
    expect(await jobsFor(deleted.consentId)).toHaveLength(1);
  });

  it('is retried while the holder is down, and done once it is back', async () => {
    const queue: TableJobQueue = createTableJobQueue(fixture.db, { pollIntervalMs: 20 });
    await registerHolderRevocationWorker(queue, fixture.db, { fetch: fixture.fetch });
    const { scope, id, consentId, token } = await connected();
    await outage(true);
    try {
      await deleteProviderAccount(fixture.db, scope, id);
      queue.start();
      const failed = await until(
        async () => (await jobsFor(consentId))[0],
        (job) => job?.attempt === 1 && job.state === 'created' && job.lastError !== null,
        'the first attempt to fail',
      );
      expect(failed?.lastError).toMatch(/\(503\)/);
      expect(honoured(token)).toBe(true);
    } finally {
      await outage(false);
    }
    // The retry comes 2 s after the failure (back-off), and ends the consent.
    const done = await until(
      async () => (await jobsFor(consentId))[0],
      (job) => job?.state === 'completed' || job?.state === 'failed',
      'the retry',
    );
    await queue.stop();
    expect(done).toMatchObject({ state: 'completed', attempt: 2 });
    expect(honoured(token)).toBe(false);
  });

  it('of a connection never recorded: at once, or through the queue when the holder is down', async () => {
    const now = await connected();
    await revokeUnrecordedHolderConsent(
      fixture.db,
      { providerId: harbour(), baseUrl: baseOf('harbour-bank'), consentId: now.consentId },
      { fetch: fixture.fetch },
    );
    expect(honoured(now.token)).toBe(false);
    expect(await jobsFor(now.consentId)).toEqual([]);

    const later = await connected();
    await outage(true);
    try {
      await revokeUnrecordedHolderConsent(
        fixture.db,
        { providerId: harbour(), baseUrl: baseOf('harbour-bank'), consentId: later.consentId },
        { fetch: fixture.fetch },
      );
    } finally {
      await outage(false);
    }
    expect(honoured(later.token)).toBe(true);
    expect(await jobsFor(later.consentId)).toMatchObject([
      { name: revokeHolderConsentJob, state: 'created' },
    ]);
  });
});
