import { documentExportListResponseSchema, documentVerificationResponseSchema } from '@waratah/contracts';
import { extractText } from 'unpdf';
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

  /** The client's accounts as `GET accounts` lists them. */
  const accounts = async () => {
    const listed = await testApp.app.inject({ url: '/api/v2/accounts', headers: fixture.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    return listed.json().data as { id: number; account_name: string; provider_account_id: number }[];
  };

  const pdfLines = async (bytes: Buffer) => {
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    return text.split('\n');
  };

  // Before 2026-12-04 they were taken (202, or the PDF), and the passport covered no account: its
  // figures all zero, under the title of a whole passport. The spreadsheet refused them already.
  it("refuses accounts and connections that are not the client's, naming the field, and records nothing", async () => {
    const [everyday] = await accounts();
    const before = await exportsListed();
    const cases: [query: string, body: object, field: string, message: string][] = [
      [
        'account_ids=2000000000',
        { account_ids: [2_000_000_000] },
        'account_ids',
        "includes 2000000000, which is not one of the client's accounts",
      ],
      [
        `account_ids=${everyday?.id},2000000001`,
        { account_ids: [everyday?.id, 2_000_000_001] },
        'account_ids',
        "includes 2000000001, which is not one of the client's accounts",
      ],
      [
        'provider_account_ids=2000000000',
        { provider_account_ids: [2_000_000_000] },
        'provider_account_ids',
        "includes 2000000000, which is not one of the client's connections",
      ],
    ];
    for (const [query, body, field, message] of cases) {
      const queued = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/financialpassport/exports',
        headers: fixture.headers,
        payload: { period: 'fin-year', ...body },
      });
      expect(queued.statusCode, queued.body).toBe(400);
      expect(queued.json().error).toMatchObject({
        error_code: 'F0001',
        error_message: `${field} ${message}`,
        fields: [{ field: `body.${field}`, message }],
      });
      const download = await testApp.app.inject({
        url: `/api/v2/financialpassport/export?period=fin-year&${query}`,
        headers: fixture.headers,
      });
      expect(download.statusCode, download.body).toBe(400);
      expect(download.json().error.fields).toEqual([{ field: `querystring.${field}`, message }]);
    }
    expect(await exportsListed()).toEqual(before);
  });

  it('names the accounts a narrowed passport covers, under its heading', async () => {
    const listed = await accounts();
    const everyday = listed.find((account) => account.account_name === 'Everyday');
    const card = listed.find((account) => account.account_name === 'Card');
    if (!everyday || !card) throw new Error('the sample client has an Everyday account and a Card');
    const download = async (query: string) => {
      const response = await testApp.app.inject({
        url: `/api/v2/financialpassport/export?period=fin-year${query}`,
        headers: fixture.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return pdfLines(response.rawPayload);
    };
    const coversOnly = (lines: string[]) => lines.filter((line) => line.startsWith('Covers only'));
    // The card left out: its liability is not in the figures, and the PDF says so.
    expect(coversOnly(await download(`&account_ids=${everyday.id}`))).toEqual([
      'Covers only: Everyday (Westpac)',
    ]);
    expect(coversOnly(await download(`&provider_account_ids=${card.provider_account_id}`))).toEqual([
      'Covers only: Card (ANZ)',
    ]);
    // The accounts both lists name: none.
    expect(
      coversOnly(
        await download(`&account_ids=${everyday.id}&provider_account_ids=${card.provider_account_id}`),
      ),
    ).toEqual(["Covers only: no account (none of those chosen is in the client's figures)"]);
    // Every account, named or not: the whole passport.
    expect(coversOnly(await download(''))).toEqual([]);
    expect(coversOnly(await download(`&account_ids=${everyday.id},${card.id}`))).toEqual([]);
  });

  // Before 2026-12-04 the answer named the export's kind, period and file only: a lender verifying
  // a narrowed passport could not tell it from a whole one.
  it('says in the verify answer that a passport was narrowed, and to which accounts', async () => {
    const listed = await accounts();
    const everyday = listed.find((account) => account.account_name === 'Everyday');
    const card = listed.find((account) => account.account_name === 'Card');
    if (!everyday || !card) throw new Error('the sample client has an Everyday account and a Card');
    /** A passport made for the query, then verified as a lender would: the PDF sent back. */
    const narrowingOf = async (query: string) => {
      const made = await testApp.app.inject({
        url: `/api/v2/financialpassport/export?period=six-months${query}`,
        headers: fixture.headers,
      });
      expect(made.statusCode, made.body).toBe(200);
      const verified = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/documents/verify',
        headers: { ...fixture.headers, 'content-type': 'application/pdf' },
        payload: made.rawPayload,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const answer = documentVerificationResponseSchema.parse(verified.json()).data;
      expect(answer).toMatchObject({ verified: true, export: { kind: 'financial_passport' } });
      return answer.export?.narrowed_to;
    };
    expect(await narrowingOf(`&account_ids=${everyday.id}`)).toEqual({
      account_ids: [everyday.id],
      provider_account_ids: null,
    });
    expect(await narrowingOf(`&provider_account_ids=${card.provider_account_id}`)).toEqual({
      account_ids: null,
      provider_account_ids: [card.provider_account_id],
    });
    expect(
      await narrowingOf(`&account_ids=${everyday.id}&provider_account_ids=${card.provider_account_id}`),
    ).toEqual({ account_ids: [everyday.id], provider_account_ids: [card.provider_account_id] });
    // The whole passport is not narrowed.
    expect(await narrowingOf('')).toBeNull();
  });
});
