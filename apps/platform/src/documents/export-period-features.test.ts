import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJobsMigration } from '../jobs/testing/apply-jobs-migration.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { withExports } from './document-exports.ts';
import { adviserWithDocumentClient } from './testing/document-test-client.ts';

/** Spec §3 `3m_report`, §9: the passport's 3-month report is the platform's to refuse, not only the portal's. */
describe('periods behind a feature key', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof adviserWithDocumentClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    fixture = await adviserWithDocumentClient(testApp.app, 'moneypartner');
  }, 120_000);
  afterAll(() => testApp.close());

  /** Sets 3m_report in every environment of moneypartner's app config. */
  async function threeMonthReport(enabled: boolean) {
    const db = testApp.database.db;
    const configs = await db
      .selectFrom('app_configs')
      .selectAll()
      .where('tenant_id', '=', 'moneypartner')
      .execute();
    for (const config of configs) {
      const features = config.features.map((feature) =>
        feature.key === '3m_report' ? { ...feature, enabled } : feature,
      );
      await db
        .updateTable('app_configs')
        .set({ features: JSON.stringify(features) })
        .where('tenant_id', '=', config.tenant_id)
        .where('environment', '=', config.environment)
        .where('platform_key', '=', config.platform_key)
        .execute();
    }
  }

  const exportCount = async () =>
    (await withExports(testApp.database.db).selectFrom('document_exports').select('id').execute()).length;

  it('refuses three-months with a 400 naming the field while 3m_report is off, and records nothing', async () => {
    await threeMonthReport(false);
    try {
      const before = await exportCount();
      const queued = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/financialpassport/exports',
        headers: fixture.headers,
        payload: { period: 'three-months' },
      });
      expect(queued.statusCode).toBe(400);
      expect(queued.json().error.fields).toEqual([
        {
          field: 'body.period',
          message: 'three-months is not enabled (feature 3m_report); use one of six-months, year, fin-year',
        },
      ]);
      const now = await testApp.app.inject({
        method: 'GET',
        url: '/api/v2/financialpassport/export?period=three-months',
        headers: fixture.headers,
      });
      expect(now.statusCode).toBe(400);
      expect(now.json().error.fields[0].field).toBe('querystring.period');
      expect(await exportCount()).toBe(before);

      // Without a period the first offered one applies: six-months, not the withheld three-months.
      const { done } = await fixture.produce('/api/v2/financialpassport/exports', {});
      expect(done.period).toBe('six-months');
      // Statements' 3 months need no feature.
      const statement = await fixture.produce('/api/v2/statements', {
        account_id: fixture.accountIds[0],
        period: 'three-months',
      });
      expect(statement.done.period).toBe('three-months');
    } finally {
      await threeMonthReport(true);
    }
  });

  it('accepts three-months with 3m_report on', async () => {
    const { done } = await fixture.produce('/api/v2/financialpassport/exports', { period: 'three-months' });
    expect(done).toMatchObject({ status: 'completed', period: 'three-months' });
  });
});
