import { randomBytes } from 'node:crypto';
import { documentContentTypes, documentVerificationResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withExports } from '../../../documents/document-exports.ts';
import { adviserWithDocumentClient } from '../../../documents/testing/document-test-client.ts';
import { applyJobsMigration } from '../../../jobs/testing/apply-jobs-migration.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { sendRaw } from '../../../testing/raw-http.ts';

/** A request as bytes: the request line, the headers given and the body as it is. */
function request(line: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${line}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The types the verify endpoint reads as a file, and JSON. */
const bodyTypes = [
  'application/pdf',
  'application/octet-stream',
  documentContentTypes.xlsx,
  'application/json',
];
const queuingRoutes = ['/api/v2/documents/insights', '/api/v2/documents/transactions'];
/** The other documents requests, which take JSON only (spec §7 Affordability). */
const jsonRoutes = ['/api/v2/statements', '/api/v2/accounts/summary', '/api/v2/financialpassport/exports'];

// Over a real socket, in production mode, with a one-second request timeout: a body read before
// the answer would be that timeout's 408, not the refusal.
describe('the bodies the documents routes read (only verify takes a file)', () => {
  let testApp: TestApp;
  let port: number;
  let fixture: Awaited<ReturnType<typeof adviserWithDocumentClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        REQUEST_TIMEOUT_SECONDS: '1',
        HOLDER_TOKEN_KEY: randomBytes(32).toString('hex'),
      },
    });
    await applyJobsMigration(testApp.database.db);
    fixture = await adviserWithDocumentClient(testApp.app, 'moneypartner');
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  }, 120_000);
  afterAll(() => testApp.close());

  const exportCount = async () =>
    (await withExports(testApp.database.db).selectFrom('document_exports').select('id').execute()).length;

  it('refuses an anonymous caller of the insights and spreadsheet requests before reading its body', async () => {
    // Before 2026-12-04 a PDF or octet-stream body of up to 50 MB was read first (the verify
    // endpoint's parsers were theirs too), and held until the request timeout: here its 408.
    const before = await exportCount();
    for (const path of queuingRoutes) {
      for (const type of bodyTypes) {
        const head = request(`POST ${path} HTTP/1.1`, {
          host: fixture.headers.host ?? 'localhost',
          'content-type': type,
          'content-length': String(40 * 1024 * 1024),
        });
        // A first kilobyte of the 40 MB declared, then nothing.
        const { responses } = await sendRaw(port, head + 'x'.repeat(1024), { responses: 1 });
        const where = `${path} ${type}: ${responses[0]?.status} ${responses[0]?.body}`;
        expect(responses[0]?.status, where).toBe(401);
        expect(JSON.parse(responses[0]?.body ?? '{}'), where).toMatchObject({
          error: { error_code: 'F0200' },
        });
        expect(responses[0]?.headers.connection, where).toBe('close');
      }
    }
    expect(await exportCount()).toBe(before);
  });

  it('refuses an anonymous caller of the statement, summary and passport requests before reading its JSON', async () => {
    // Before 2026-12-04 they read up to 1 MB of JSON first, refusing only in their handler: a body
    // declared under that limit was waited for until the request timeout (its 408), one past it
    // was 413.
    const before = await exportCount();
    const wrong: string[] = [];
    for (const path of jsonRoutes) {
      for (const declared of [512 * 1024, 40 * 1024 * 1024]) {
        const head = request(`POST ${path} HTTP/1.1`, {
          host: fixture.headers.host ?? 'localhost',
          'content-type': 'application/json',
          'content-length': String(declared),
        });
        // A first kilobyte of the JSON declared, then nothing.
        const { responses } = await sendRaw(port, `${head}{"period":"${'x'.repeat(1024)}`, { responses: 1 });
        const answer = responses[0];
        const code = answer && JSON.parse(answer.body).error?.error_code;
        if (answer?.status !== 401 || code !== 'F0200' || answer.headers.connection !== 'close')
          wrong.push(`${path} ${declared} bytes: ${answer?.status} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await exportCount()).toBe(before);
  });

  it('answers a signed-in caller who sends them a file 415, queuing nothing', async () => {
    // Before 2026-12-04 it was 202, and a document was queued: the body's schema took the Buffer
    // the verify endpoint's parser made of it as an empty object (the default period).
    const before = await exportCount();
    for (const url of queuingRoutes) {
      for (const type of bodyTypes.filter((candidate) => candidate !== 'application/json')) {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          headers: { ...fixture.headers, 'content-type': type },
          payload: Buffer.from('%PDF-1.7 not a request'),
        });
        expect(response.statusCode, `${url} ${type}: ${response.body}`).toBe(415);
      }
    }
    expect(await exportCount()).toBe(before);
  });

  it('still verifies a PDF and a spreadsheet sent as a file', async () => {
    const pdf = await fixture.produce('/api/v2/accounts/summary', {});
    const xlsx = await fixture.produce('/api/v2/documents/transactions', { period: 'month' });
    for (const [made, type] of [
      [pdf, 'application/pdf'],
      [xlsx, documentContentTypes.xlsx],
      [xlsx, 'application/octet-stream'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/documents/verify',
        headers: { ...fixture.adviser.headers, 'content-type': type },
        payload: made.bytes,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(documentVerificationResponseSchema.parse(response.json()).data).toMatchObject({
        verified: true,
        sha256: made.done.sha256,
        export: { id: made.done.id },
      });
    }
  });
});
