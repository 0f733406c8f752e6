import { documentExportListResponseSchema, documentVerificationResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { withExports } from './document-exports.ts';
import { type ClientOfTwoPractices, clientOfTwoPractices } from './testing/shared-document-client.ts';

describe('who sees an export of a client two practices share (docs/documents.md)', () => {
  let testApp: TestApp;
  let shared: ClientOfTwoPractices;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    shared = await clientOfTwoPractices(testApp.app);
  }, 120_000);
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url, headers });
  const listedIds = async (url: string, headers: Record<string, string>) => {
    const response = await get(url, headers);
    expect(response.statusCode).toBe(200);
    return documentExportListResponseSchema.parse(response.json()).data.map((item) => item.id);
  };

  it("hides practice A's exports from practice B: not listed, and 404 by id", async () => {
    const { headers } = shared;
    const statement = await shared.produce(headers.a, '/api/v2/statements', {
      account_id: shared.accountId,
      period: 'month',
    });
    const passport = await shared.produce(headers.a, '/api/v2/financialpassport/exports', {});

    expect(await listedIds('/api/v2/documents', headers.b)).not.toContain(statement.id);
    expect(await listedIds('/api/v2/documents', headers.b)).not.toContain(passport.id);
    expect(await listedIds('/api/v2/financialpassport/exports', headers.b)).not.toContain(passport.id);
    for (const url of [
      `/api/v2/documents/${statement.id}`,
      `/api/v2/documents/${statement.id}/file`,
      statement.download_path,
      passport.download_path,
      `/api/v2/documents/${passport.id}/file`,
    ]) {
      const refused = await get(url, headers.b);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().error.error_code, url).toBe('F0300');
    }
  });

  it('keeps what the practice itself, the client and the operator see', async () => {
    const { headers } = shared;
    const statement = await shared.produce(headers.a, '/api/v2/statements', {
      account_id: shared.accountId,
      period: 'month',
    });
    for (const who of [headers.a, headers.client, headers.operator]) {
      expect(await listedIds('/api/v2/documents', who)).toContain(statement.id);
      expect((await get(statement.download_path, who)).statusCode).toBe(200);
    }
  });

  it("shows each practice the client's own exports, and its own but not the other's", async () => {
    const { headers } = shared;
    const own = await shared.produce(headers.client, '/api/v2/documents/insights', { period: 'month' });
    const byB = await shared.produce(headers.b, '/api/v2/accounts/summary', {});
    for (const who of [headers.a, headers.b]) {
      expect(await listedIds('/api/v2/documents', who)).toContain(own.id);
      expect((await get(own.download_path, who)).statusCode).toBe(200);
    }
    expect((await get(byB.download_path, headers.b)).statusCode).toBe(200);
    expect(await listedIds('/api/v2/documents', headers.a)).not.toContain(byB.id);
    expect((await get(byB.download_path, headers.a)).statusCode).toBe(404);
    expect((await get(`/api/v2/documents/${byB.id}`, headers.a)).statusCode).toBe(404);
  });

  /** What `POST documents/verify` answers `who` for a file: whether it is genuine, and which export. */
  const verify = async (bytes: Buffer, who: Record<string, string>) => {
    const { 'x-user-id': _onBehalf, ...headers } = who;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/documents/verify',
      headers: { ...headers, 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(response.statusCode).toBe(200);
    const { verified, export: named } = documentVerificationResponseSchema.parse(response.json()).data;
    return { verified, id: named?.id ?? null };
  };
  const verifyAudits = (id: string) =>
    testApp.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'client_id'])
      .where('action', '=', 'document.verify')
      .where('target_id', '=', id)
      .execute();

  it("verifies practice A's file for practice B but names the export only to who can open it", async () => {
    const { headers } = shared;
    const statement = await shared.produce(headers.a, '/api/v2/statements', {
      account_id: shared.accountId,
      period: 'month',
    });
    const bytes = (await get(statement.download_path, headers.a)).rawPayload;
    for (const who of [headers.a, headers.operator, headers.client]) {
      expect(await verify(bytes, who)).toEqual({ verified: true, id: statement.id });
    }
    expect(await verify(bytes, headers.b)).toEqual({ verified: true, id: null });
    // The advisers' and the operator's looks are audited with the client; B's (named nothing) is not.
    const audited = await verifyAudits(statement.id);
    expect(audited).toHaveLength(2);
    expect(audited.every((row) => row.client_id === shared.clientId)).toBe(true);
    expect(audited.map((row) => row.actor_id)).toContain(shared.adviserA.adminUser.id);
  });

  it("deletes practice B's exports when B unlinks the client, and keeps A's", async () => {
    const { headers } = shared;
    const byA = await shared.produce(headers.a, '/api/v2/accounts/summary', {});
    const byB = await shared.produce(headers.b, '/api/v2/accounts/summary', {});
    const byClient = await shared.produce(headers.client, '/api/v2/accounts/summary', {});
    const clientsFile = (await get(byClient.download_path, headers.client)).rawPayload;
    expect(await verify(clientsFile, headers.b)).toEqual({ verified: true, id: byClient.id });
    const unlinked = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/adviser/users/${shared.clientId}`,
      headers: { ...headers.b, 'x-external-party-id': String(shared.practiceB) },
    });
    expect(unlinked.statusCode).toBe(204);
    const remaining = await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select('id')
      .where('client_id', '=', shared.clientId)
      .execute();
    const ids = remaining.map((row) => row.id);
    expect(ids).toContain(byA.id);
    expect(ids).not.toContain(byB.id);
    expect((await get(byA.download_path, headers.a)).statusCode).toBe(200);
    // Without its consent B no longer learns which of the client's exports a file is.
    expect(await verify(clientsFile, headers.b)).toEqual({ verified: true, id: null });
    expect(await verify(clientsFile, headers.a)).toEqual({ verified: true, id: byClient.id });
  });
});
