import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { financialPassportResponseSchema, transactionListResponseSchema } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
  twoAdvisersWithAClientEach,
} from '../testing/signed-in-adviser-with-client.ts';
import { createClientAnswerCache } from './client-answer-cache.ts';

type Fixture = AdviserWithClient;

/** The client's data version (0 before its data is first written). */
async function versionOf(testApp: TestApp, clientId: number): Promise<bigint> {
  const { rows } = await sql<{ version: string }>`
    select version::text from client_data_versions where client_id = ${clientId}`.execute(
    testApp.app.database.db,
  );
  return BigInt(rows[0]?.version ?? 0);
}

describe('createClientAnswerCache', () => {
  const computed = (text: string) => {
    let runs = 0;
    const compute = async () => {
      runs += 1;
      return Buffer.from(text);
    };
    return { compute, runs: () => runs };
  };

  it('computes a key once and answers it from memory after', async () => {
    const cache = createClientAnswerCache({ maxBytes: 1000 });
    const answer = computed('{"data":1}');
    expect(String((await cache.get('a', answer.compute)).bytes)).toBe('{"data":1}');
    expect(String((await cache.get('a', answer.compute)).bytes)).toBe('{"data":1}');
    expect(answer.runs()).toBe(1);
    expect(cache.stats()).toEqual({ entries: 1, bytes: 10, hits: 1, misses: 1, compressions: 0 });
  });

  it('lets the least recently used answers go once their bytes pass the size', async () => {
    const cache = createClientAnswerCache({ maxBytes: 100 });
    const texts = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((key) => [key, computed(key.repeat(25))]));
    for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, texts[key]?.compute ?? computed('').compute);
    await cache.get('a', texts.a?.compute ?? computed('').compute); // a is now the most recent
    await cache.get('e', texts.e?.compute ?? computed('').compute); // b, the least recent, goes
    expect(cache.stats()).toMatchObject({ entries: 4, bytes: 100 });
    await cache.get('b', texts.b?.compute ?? computed('').compute);
    await cache.get('a', texts.a?.compute ?? computed('').compute);
    expect(texts.b?.runs()).toBe(2);
    expect(texts.a?.runs()).toBe(1);
  });

  it('does not keep an answer larger than a quarter of the size', async () => {
    const cache = createClientAnswerCache({ maxBytes: 100 });
    const big = computed('x'.repeat(26));
    await cache.get('big', big.compute);
    await cache.get('big', big.compute);
    expect(big.runs()).toBe(2);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('computes a key once for requests that arrive while it is being computed', async () => {
    const cache = createClientAnswerCache({ maxBytes: 1000 });
    let runs = 0;
    let finish: (text: Buffer) => void = () => {};
    const compute = () => {
      runs += 1;
      return new Promise<Buffer>((resolve) => {
        finish = resolve;
      });
    };
    const answers = Promise.all([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    finish(Buffer.from('done'));
    expect((await answers).map((answer) => String(answer.bytes))).toEqual(['done', 'done', 'done']);
    expect(runs).toBe(1);
  });

  it('keeps no failure: every waiting request gets the error and the next one computes again', async () => {
    const cache = createClientAnswerCache({ maxBytes: 1000 });
    let runs = 0;
    const failing = async () => {
      runs += 1;
      throw new Error('the database went away');
    };
    const both = [cache.get('k', failing), cache.get('k', failing)];
    for (const answer of both) await expect(answer).rejects.toThrow('the database went away');
    expect(String((await cache.get('k', async () => Buffer.from('back'))).bytes)).toBe('back');
    expect(runs).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 1 });
  });

  it('keeps an answer’s compressed bytes with it: compressed once, counted in its size, gone with it', async () => {
    const text = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, memo: 'coffee' })));
    const cache = createClientAnswerCache({ maxBytes: 4 * text.length });
    const answer = await cache.get('a', computed(text).compute);
    const [brotli, again] = await Promise.all([answer.encoded('br'), answer.encoded('br')]);
    expect(again).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(text);
    const gzipped = await answer.encoded('gzip');
    expect(gunzipSync(gzipped).toString()).toBe(text);
    await expect((await cache.get('a', computed(text).compute)).encoded('br')).resolves.toBe(brotli);
    expect(cache.stats()).toMatchObject({
      entries: 1,
      bytes: text.length + brotli.length + gzipped.length,
      compressions: 2,
    });
    // Three more answers of the same size: the compressed bytes count, so the oldest (a) goes.
    for (const key of ['b', 'c', 'd']) await cache.get(key, computed(text).compute);
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: 3 * text.length });
  });

  it('keeps nothing with a size of 0', async () => {
    const cache = createClientAnswerCache({ maxBytes: 0 });
    const answer = computed('{}');
    await cache.get('a', answer.compute);
    await cache.get('a', answer.compute);
    expect(cache.enabled).toBe(false);
    expect(answer.runs()).toBe(2);
  });
});

describe('answers kept under the client’s data version', () => {
  let testApp: TestApp;
  let fixture: Fixture;
  let other: Fixture;

  beforeAll(async () => {
    ({ testApp, fixture, other } = await twoAdvisersWithAClientEach());
  });
  afterAll(() => testApp.close());

  const db = () => testApp.app.database.db;
  const get = async (url: string, headers = fixture.headers) => {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  const version = (clientId = fixture.clientId) => versionOf(testApp, clientId);
  const auditRows = async () =>
    (
      await sql<{
        count: number;
      }>`select count(*)::int as count from audit_log where client_id = ${fixture.clientId}`.execute(db())
    ).rows[0]?.count ?? 0;

  it('answers a page again from memory while the data is unchanged, still checking and auditing each request', async () => {
    const url = '/api/v2/transactions?size=5';
    const first = await get(url);
    const { hits, misses } = testApp.app.clientAnswers.stats();
    const audited = await auditRows();
    expect(await get(url)).toBe(first);
    expect(testApp.app.clientAnswers.stats()).toMatchObject({ hits: hits + 1, misses });
    expect(await auditRows()).toBe(audited + 1);
  });

  it('answers the new data after a write the platform did not make (a refresh, another instance)', async () => {
    const url = '/api/v2/transactions?size=5';
    const before = JSON.parse(await get(url));
    const id = before.data[0].id as number;
    const versionBefore = await version();
    await db().updateTable('transactions').set({ memo: 'Written elsewhere' }).where('id', '=', id).execute();
    expect(await version()).toBe(versionBefore + 1n);
    const after = JSON.parse(await get(url));
    expect(after.data[0]).toMatchObject({ id, memo: 'Written elsewhere' });
  });

  it('answers the new summary after a change through the API', async () => {
    const url = '/api/v2/transactions/summary?budget_category=goals';
    const before = JSON.parse(await get(url)).data;
    const page = (
      JSON.parse(await get('/api/v2/transactions?size=50')).data as { id: number; budget_category: string }[]
    )
      .filter((tx) => tx.budget_category !== 'goals')
      .slice(0, 2);
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/transactions/bulk',
      headers: fixture.headers,
      payload: { transaction_ids: page.map((tx) => tx.id), budget_category: 'goals', category_id: 20 },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(await get(url)).data.count).toBe(before.count + 2);
  });

  it('answers a new financial passport after an account changes', async () => {
    const url = '/api/v2/financialpassport';
    const before = JSON.parse(await get(url)).data;
    expect(JSON.parse(await get(url)).data).toEqual(before);
    const accountId = fixture.accountIds[0] ?? 0;
    await db()
      .updateTable('accounts')
      .set({ account_name: 'Renamed elsewhere' })
      .where('id', '=', accountId)
      .execute();
    const after = JSON.parse(await get(url)).data;
    expect(after.accounts.find((account: { id: number }) => account.id === accountId).name).toBe(
      'Renamed elsewhere',
    );
  });

  it('keeps each budget category’s report apart (path parameters), and follows a recategorisation', async () => {
    const report = async (id: number) =>
      JSON.parse(
        await get(
          `/api/v2/reports/transactions/budget_categories/${id}?period=annually&from_date=2020-01-01&to_date=2027-12-31`,
        ),
      ).data as {
        groups: { name: string; transaction_ids: number[] }[];
      }[];
    const idsOf = (periods: Awaited<ReturnType<typeof report>>) =>
      periods.flatMap((period) => period.groups.flatMap((group) => group.transaction_ids));
    const living = await report(1);
    const lifestyle = await report(2);
    expect(living.flatMap((period) => period.groups.map((group) => group.name))).not.toContain('lifestyle');
    expect(lifestyle.flatMap((period) => period.groups.map((group) => group.name))).not.toContain('living');
    const moved = idsOf(living)[0] ?? 0;
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/v2/transactions/bulk',
      headers: fixture.headers,
      payload: { transaction_ids: [moved], budget_category: 'lifestyle' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(idsOf(await report(1))).not.toContain(moved);
    expect(idsOf(await report(2))).toContain(moved);
  });

  it('answers the new accounts after a connection’s refresh state changes', async () => {
    const before = JSON.parse(await get('/api/v2/accounts')).data as {
      id: number;
      provider_account_id: number;
    }[];
    const providerAccountId = before[0]?.provider_account_id ?? 0;
    await db()
      .updateTable('provider_accounts')
      .set({ refresh_status: 'partial_success', last_refreshed: new Date('2026-11-21T01:02:03Z') })
      .where('id', '=', providerAccountId)
      .execute();
    const after = JSON.parse(await get('/api/v2/accounts')).data as {
      provider_account_id: number;
      refresh_status: { sub_status: string | null; last_refreshed: string | null };
    }[];
    expect(
      after.find((account) => account.provider_account_id === providerAccountId)?.refresh_status,
    ).toMatchObject({
      sub_status: 'partial_success',
      last_refreshed: '2026-11-21T01:02:03.000Z',
    });
  });

  it('keeps each client’s and each query’s answer apart', async () => {
    const mine = JSON.parse(await get('/api/v2/transactions?size=3')).data as { id: number }[];
    const theirs = JSON.parse(await get('/api/v2/transactions?size=3', other.headers)).data as {
      id: number;
    }[];
    for (const tx of mine) expect(fixture.transactionIds).toContain(tx.id);
    for (const tx of theirs) expect(other.transactionIds).toContain(tx.id);
    expect(JSON.parse(await get('/api/v2/transactions?size=2')).data).toEqual(mine.slice(0, 2));
  });

  it('sends a kept answer in the encoding its caller accepts, compressed once for all its callers', async () => {
    const url = '/api/v2/transactions?size=50';
    const plain = await get(url);
    const asBrowser = { ...fixture.headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const before = testApp.app.clientAnswers.stats();
    const first = await testApp.app.inject({ url, headers: asBrowser });
    const second = await testApp.app.inject({ url, headers: asBrowser });
    const gzipped = await testApp.app.inject({
      url,
      headers: { ...fixture.headers, 'accept-encoding': 'gzip' },
    });
    const identity = await testApp.app.inject({
      url,
      headers: { ...fixture.headers, 'accept-encoding': 'identity' },
    });
    for (const response of [first, second, gzipped, identity]) expect(response.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(String(first.headers.vary)).toMatch(/accept-encoding/);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(first.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
    expect(testApp.app.clientAnswers.stats()).toMatchObject({
      hits: before.hits + 4,
      misses: before.misses,
      compressions: before.compressions + 2,
    });
  });

  it('refuses a caller who lost access, though the answer is kept', async () => {
    const url = '/api/v2/transactions?size=4';
    await get(url, other.headers);
    await db()
      .updateTable('client_links')
      .set({ consent_status: 'withdrawn' })
      .where('client_id', '=', other.clientId)
      .execute();
    const response = await testApp.app.inject({ method: 'GET', url, headers: other.headers });
    expect(response.statusCode).toBe(404);
  });
  describe('client data versions (migration 0010)', () => {
    it('grows once for each statement writing a client’s transactions, accounts or connections, and only that client’s', async () => {
      const start = await version(fixture.clientId);
      const otherStart = await version(other.clientId);
      expect(start).toBeGreaterThan(0n); // the client's data was written
      await db()
        .updateTable('transactions')
        .set({ memo: 'one' })
        .where('client_id', '=', fixture.clientId)
        .execute();
      expect(await version(fixture.clientId)).toBe(start + 1n);
      await db()
        .updateTable('accounts')
        .set({ included: false })
        .where('id', '=', fixture.accountIds[0] ?? 0)
        .execute();
      await db()
        .deleteFrom('transactions')
        .where('id', '=', fixture.transactionIds[0] ?? 0)
        .execute();
      await db()
        .updateTable('provider_accounts')
        .set({ refresh_failures: 1 })
        .where('client_id', '=', fixture.clientId)
        .execute();
      expect(await version(fixture.clientId)).toBe(start + 4n);
      expect(await version(other.clientId)).toBe(otherStart);
    });

    it('does not grow for a write that is rolled back', async () => {
      const start = await version(fixture.clientId);
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('transactions')
              .set({ memo: 'never' })
              .where('client_id', '=', fixture.clientId)
              .execute();
            throw new Error('undone');
          }),
      ).rejects.toThrow('undone');
      expect(await version(fixture.clientId)).toBe(start);
    });

    it('lets a client with data be deleted (its rows cascade away)', async () => {
      await db().deleteFrom('clients').where('id', '=', other.clientId).execute();
      const left = await db()
        .selectFrom('transactions')
        .select('id')
        .where('client_id', '=', other.clientId)
        .execute();
      expect(left).toEqual([]);
    });
  });
});

describe('answers kept as production writes them (RESPONSE_CHECKS=off)', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp({ env: { RESPONSE_CHECKS: 'off' } });
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  it('keeps the text the route’s own writer wrote, which is its contract’s', async () => {
    for (const [url, contract] of [
      ['/api/v2/financialpassport', financialPassportResponseSchema],
      ['/api/v2/transactions?size=10', transactionListResponseSchema],
    ] as const) {
      const first = await testApp.app.inject({ url, headers: fixture.headers });
      const kept = await testApp.app.inject({ url, headers: fixture.headers });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      expect(kept.body).toBe(first.body);
      // A kept answer is sent as bytes, with the headers the written answer had.
      for (const header of ['content-type', 'content-length', 'cache-control'])
        expect(kept.headers[header], header).toBe(first.headers[header]);
      expect(JSON.stringify(contract.parse(first.json()))).toBe(first.body);
    }
    expect(testApp.app.clientAnswers.stats().hits).toBeGreaterThanOrEqual(2);
  });
});
