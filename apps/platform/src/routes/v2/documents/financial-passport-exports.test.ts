import { documentExportListResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../../../testing/signed-in-adviser-with-client.ts';

/** The passport's exports take what `GET financialpassport` takes, and refuse what it refuses. */
describe('financial passport exports, beside the report on screen', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const exportsListed = async () => {
    const listed = await testApp.app.inject({
      url: '/api/v2/financialpassport/exports',
      headers: fixture.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    return documentExportListResponseSchema.parse(listed.json()).data;
  };

  // Before 2026-12-03 the exports dropped `aggregators` (the contract strips unknown keys), so the
  // PDF covered every account where the report on screen answered 400.
  it('refuses aggregators by name, as the report does, and records nothing', async () => {
    const report = await testApp.app.inject({
      url: '/api/v2/financialpassport?aggregators=cdr',
      headers: fixture.headers,
    });
    expect(report.statusCode).toBe(400);
    const refusal = report.json().error;
    expect(refusal).toMatchObject({
      error_code: 'F0001',
      fields: [{ field: 'querystring.aggregators', message: expect.stringMatching(/^is not supported: /) }],
    });

    const download = await testApp.app.inject({
      url: '/api/v2/financialpassport/export?period=fin-year&aggregators=cdr',
      headers: fixture.headers,
    });
    expect(download.statusCode, download.body).toBe(400);
    expect(download.json().error).toEqual(refusal);

    const queued = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/financialpassport/exports',
      headers: fixture.headers,
      payload: { period: 'fin-year', aggregators: 'cdr' },
    });
    expect(queued.statusCode, queued.body).toBe(400);
    expect(queued.json().error).toMatchObject({
      error_code: 'F0001',
      error_type: refusal.error_type,
      fields: [{ field: 'body.aggregators', message: refusal.fields[0].message }],
    });
    expect(await exportsListed()).toEqual([]);

    // The same download without it is made: the refusal is the field's.
    const made = await testApp.app.inject({
      url: '/api/v2/financialpassport/export?period=fin-year',
      headers: fixture.headers,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.headers['content-type']).toBe('application/pdf');
    expect(await exportsListed()).toHaveLength(1);
  });
});
