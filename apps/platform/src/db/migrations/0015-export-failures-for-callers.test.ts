import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withExports } from '../../documents/document-exports.ts';
import { exportFailedMessage } from '../../documents/export-failure.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../../testing/signed-in-adviser-with-client.ts';
import { migrateToLatest } from '../migrate.ts';

describe('migration 0015: exports that failed before keep no internal text', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const stopped =
    'Attempt 3 stopped with its worker (the process ended before it finished); no attempts left';

  it('rewrites a raw failure to the fixed message, and leaves the reasons written for callers', async () => {
    const db = withExports(testApp.database.db);
    const row = (id: string, status: 'failed' | 'completed' | 'queued', error: string | null) => ({
      id,
      tenant_id: fixture.adviser.adminUser.tenant_id,
      client_id: fixture.clientId,
      requested_by: `admin_user:${fixture.adviser.adminUser.id}`,
      kind: 'statement' as const,
      status,
      params: '{}',
      file_name: 'statement.pdf',
      content_type: 'application/pdf',
      error,
    });
    await db
      .insertInto('document_exports')
      .values([
        row('raw', 'failed', 'NoSuchBucket: s3://waratah-exports-prod/tenant/waratah/raw.pdf'),
        row('gone', 'failed', 'The account of this statement no longer exists'),
        row('fixed', 'failed', exportFailedMessage),
        row('stopped', 'failed', stopped),
        row('retrying', 'queued', 'Attempt 1 failed; retrying'),
        row('done', 'completed', null),
      ])
      .execute();

    // 0015 and every later migration (each safe to apply again) run once more, in order.
    await sql`delete from kysely_migration where name >= '0015-export-failures-for-callers'`.execute(db);
    expect((await migrateToLatest(testApp.database.db))[0]).toBe('0015-export-failures-for-callers');

    const errors = await db
      .selectFrom('document_exports')
      .select(['id', 'error'])
      .where('id', 'in', ['raw', 'gone', 'fixed', 'stopped', 'retrying', 'done'])
      .orderBy('id')
      .execute();
    expect(errors).toEqual([
      { id: 'done', error: null },
      { id: 'fixed', error: exportFailedMessage },
      { id: 'gone', error: 'The account of this statement no longer exists' },
      { id: 'raw', error: exportFailedMessage },
      { id: 'retrying', error: 'Attempt 1 failed; retrying' },
      { id: 'stopped', error: stopped },
    ]);
  });
});
