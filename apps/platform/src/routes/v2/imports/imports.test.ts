import {
  csvPreviewResponseSchema,
  fileImportListResponseSchema,
  fileImportResponseSchema,
  maxImportFileChars,
} from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryIdByKey } from '../../../aggregation/transaction-category-catalogue.ts';
import { sampleCsv, sampleCsvMapping, sampleOfx } from '../../../imports/testing/sample-files.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../../../testing/signed-in-adviser-with-client.ts';

describe('file import into an account', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, headers: fixture.headers, payload });
  const mapping = sampleCsvMapping;
  const countOn = async (accountId: number) =>
    (
      await testApp.database.db
        .selectFrom('transactions')
        .select('id')
        .where('account_id', '=', accountId)
        .execute()
    ).length;

  it('maps a CSV’s columns, imports it, and adds nothing when the same file comes again', async () => {
    const accountId = fixture.accountIds[0] ?? 0;
    const preview = await post('/api/v2/imports/csv/preview', { content: sampleCsv });
    expect(preview.statusCode).toBe(200);
    expect(csvPreviewResponseSchema.parse(preview.json()).data.suggested).toMatchObject({
      date: 'Date',
      date_format: 'DD/MM/YYYY',
    });

    const before = await countOn(accountId);
    const first = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      file_name: 'nov.csv',
      content: sampleCsv,
      mapping,
    });
    expect(first.statusCode).toBe(201);
    expect(fileImportResponseSchema.parse(first.json()).data).toMatchObject({
      rows_read: 3,
      rows_added: 3,
      format: 'csv',
    });
    const again = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content: sampleCsv,
      mapping,
    });
    expect(fileImportResponseSchema.parse(again.json()).data).toMatchObject({ rows_read: 3, rows_added: 0 });
    expect(await countOn(accountId)).toBe(before + 3);

    const list = fileImportListResponseSchema.parse(
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/v2/imports?account_id=${accountId}`,
          headers: fixture.headers,
        })
      ).json(),
    );
    expect(list.data.map((entry) => entry.rows_added)).toEqual([0, 3]);
  });

  it('stores a description of more than 1,000 characters cut to 1,000, and the same file again adds nothing', async () => {
    const accountId = fixture.accountIds[0] ?? 0;
    const long = `LONG NARRATIVE ${'X'.repeat(50_000)}`;
    const content = ['Date,Narrative,Debit Amount,Credit Amount', `05/11/2026,${long},9.95,`].join('\n');
    const body = { format: 'csv', account_id: accountId, content, mapping };
    const first = await post('/api/v2/imports', body);
    expect(fileImportResponseSchema.parse(first.json()).data.rows_added).toBe(1);
    const stored = await testApp.database.db
      .selectFrom('transactions')
      .select('description_original')
      .where('account_id', '=', accountId)
      .where('description_original', 'like', 'LONG NARRATIVE %')
      .execute();
    expect(stored.map((row) => row.description_original)).toEqual([`${long.slice(0, 999)}…`]);
    // The row's id is the whole row's: the file imported again finds it.
    expect(fileImportResponseSchema.parse((await post('/api/v2/imports', body)).json()).data.rows_added).toBe(
      0,
    );
  });

  it('previews and imports a CSV without a header row from its first row, and takes has_header', async () => {
    // CommBank's export. Before 2026-12-03 its first row was the header: the preview answered its
    // values as columns with no suggestion, and the import left the first transaction out.
    const accountId = fixture.accountIds[1] ?? 0;
    const content = [
      '03/11/2026,"-12.50","EFTPOS COFFEE SYDNEY","+1,234.56"',
      '04/11/2026,"+2,500.00","SALARY ACME PTY LTD","+3,734.56"',
      '',
    ].join('\r\n');
    const preview = await post('/api/v2/imports/csv/preview', { content });
    expect(preview.statusCode).toBe(200);
    const { data } = csvPreviewResponseSchema.parse(preview.json());
    expect(data).toMatchObject({
      has_header: false,
      columns: ['Column 1', 'Column 2', 'Column 3', 'Column 4'],
      suggested: { date: 'Column 1', amount: 'Column 2', description: 'Column 3', date_format: 'DD/MM/YYYY' },
    });
    expect(data.rows[0]?.['Column 3']).toBe('EFTPOS COFFEE SYDNEY');
    // The suggestion sent back as it is: has_header left out is detected as the preview detected it.
    const imported = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content,
      mapping: data.suggested,
    });
    expect(imported.statusCode).toBe(201);
    expect(fileImportResponseSchema.parse(imported.json()).data).toMatchObject({
      rows_read: 2,
      rows_added: 2,
    });
    // has_header: true reads its first row as the header, as before; false as a transaction.
    const asHeader = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content,
      mapping: {
        date: '03/11/2026',
        amount: '-12.50',
        description: 'EFTPOS COFFEE SYDNEY',
        date_format: 'DD/MM/YYYY',
        has_header: true,
      },
    });
    expect(fileImportResponseSchema.parse(asHeader.json()).data).toMatchObject({
      rows_read: 1,
      rows_added: 0,
    });
    const asRow = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content,
      mapping: { ...data.suggested, has_header: false },
    });
    expect(fileImportResponseSchema.parse(asRow.json()).data).toMatchObject({ rows_read: 2, rows_added: 0 });
  });

  it('imports NAB’s 06 Nov 26 dates under the DD Mon YY format the preview suggests', async () => {
    const accountId = fixture.accountIds[1] ?? 0;
    const content = 'Date,Amount,Transaction Details,Balance\n06 Nov 26,-14.99,NETFLIX,100.00\n';
    const preview = await post('/api/v2/imports/csv/preview', { content });
    const { suggested } = csvPreviewResponseSchema.parse(preview.json()).data;
    expect(suggested).toEqual({
      date: 'Date',
      amount: 'Amount',
      description: 'Transaction Details',
      date_format: 'DD Mon YY',
    });
    const imported = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content,
      mapping: suggested,
    });
    expect(imported.statusCode).toBe(201);
    expect(fileImportResponseSchema.parse(imported.json()).data.rows_read).toBe(1);
  });

  it('answers a file past 5 million characters with its own check, and takes one under it, never 413', async () => {
    // An all-quoted CSV with CRLF line breaks is some 1.3 bytes of JSON a character: 4.9 million
    // characters were 6.4 MB, over the 6 MiB body limit, and refused with 413 before 2026-12-03.
    const row = '"03/11/2026","A","-4.50","1.00"';
    const quoted = `"Date","Narrative","Amount","Balance"\r\n${`${row}\r\n`.repeat(4_900_000 / (row.length + 2))}`;
    expect(quoted.length).toBeLessThanOrEqual(maxImportFileChars);
    expect(Buffer.byteLength(JSON.stringify({ content: quoted }))).toBeGreaterThan(6 * 1024 * 1024);
    const preview = await post('/api/v2/imports/csv/preview', { content: quoted });
    expect(preview.statusCode).toBe(200);
    expect(csvPreviewResponseSchema.parse(preview.json()).data.columns).toEqual([
      'Date',
      'Narrative',
      'Amount',
      'Balance',
    ]);
    // One character past the limit, in the JSON it takes the most bytes to write: quotes escaped
    // (two bytes each), or characters of three bytes of UTF-8.
    for (const character of ['"', '€']) {
      const content = character.repeat(maxImportFileChars + 1);
      for (const url of ['/api/v2/imports/csv/preview', '/api/v2/imports']) {
        const body = url.endsWith('preview')
          ? { content }
          : { format: 'ofx', account_id: fixture.accountIds[0] ?? 0, content };
        const refused = await post(url, body);
        expect(refused.statusCode, `${character} ${url}`).toBe(400);
        expect(refused.json().error.fields).toEqual([
          { field: 'body.content', message: 'must be at most 5 MB' },
        ]);
      }
    }
  });

  it('imports OFX by FITID, once', async () => {
    const accountId = fixture.accountIds[1] ?? 0;
    const body = { format: 'ofx', account_id: accountId, content: sampleOfx };
    expect(fileImportResponseSchema.parse((await post('/api/v2/imports', body)).json()).data.rows_added).toBe(
      2,
    );
    expect(fileImportResponseSchema.parse((await post('/api/v2/imports', body)).json()).data.rows_added).toBe(
      0,
    );
  });

  it('refuses a bad file naming the row, writing nothing; and accounts that are not the client’s', async () => {
    const accountId = fixture.accountIds[0] ?? 0;
    const before = await countOn(accountId);
    const bad = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content: `${sampleCsv}\n2026-11-05,COFFEE,abc,`,
      mapping,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ fields: [{ field: 'body.content' }] });
    expect(bad.json().error.error_message).toContain('Row 5');
    expect(await countOn(accountId)).toBe(before);
    const noMapping = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content: sampleCsv,
    });
    expect(noMapping.statusCode).toBe(400);
    const elsewhere = await post('/api/v2/imports', {
      format: 'ofx',
      account_id: 999_999,
      content: sampleOfx,
    });
    expect(elsewhere.statusCode).toBe(404);
    // A statement in another currency (before 2026-11-30 stored as the account's AUD).
    const usd = await post('/api/v2/imports', {
      format: 'ofx',
      account_id: accountId,
      content: sampleOfx.replace('<CURDEF>AUD', '<CURDEF>USD'),
    });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().error.error_message).toBe('The file is in USD; the account is in AUD');
    expect(await countOn(accountId)).toBe(before);
  });

  it('categorises an imported description as it is stored, cut to 1,000 characters', async () => {
    // Before 2026-12-02 the whole text was categorised: a word past the cut chose the category.
    const accountId = fixture.accountIds[0] ?? 0;
    const long = `${'CUT '.repeat(250)}SALARY`;
    const content = ['Date,Narrative,Debit Amount,Credit Amount', `06/11/2026,${long},,100.00`].join('\n');
    const imported = await post('/api/v2/imports', {
      format: 'csv',
      account_id: accountId,
      content,
      mapping,
    });
    expect(fileImportResponseSchema.parse(imported.json()).data.rows_added).toBe(1);
    const stored = await testApp.database.db
      .selectFrom('transactions')
      .select(['description_original', 'category_id'])
      .where('account_id', '=', accountId)
      .where('description_original', 'like', 'CUT CUT %')
      .executeTakeFirstOrThrow();
    expect(stored.description_original).toBe(`${long.slice(0, 999)}…`);
    expect(stored.category_id).not.toBe(categoryIdByKey.SALARY);
  });

  it('answers 400 naming the problem, not 500, for a row of too many values, a column named like toString and a transaction in another currency', async () => {
    const accountId = fixture.accountIds[0] ?? 0;
    const before = await countOn(accountId);
    const byAmount = {
      date: 'Date',
      description: 'Description',
      amount: 'Amount',
      date_format: 'DD/MM/YYYY',
    };
    const surplus = 'Date,Description,Amount\n03/11/2026,Rent,1,250.00';
    const refusals = [
      [
        await post('/api/v2/imports/csv/preview', { content: surplus }),
        "Row 2: a value past the header's last column",
      ],
      [
        await post('/api/v2/imports', {
          format: 'csv',
          account_id: accountId,
          content: surplus,
          mapping: byAmount,
        }),
        "Row 2: a value past the header's last column",
      ],
      [
        await post('/api/v2/imports', {
          format: 'csv',
          account_id: accountId,
          content: 'Date,Amount,toString\n03/11/2026,-4.50',
          mapping: { ...byAmount, description: 'toString' },
        }),
        'Row 2: the description is empty',
      ],
      [
        await post('/api/v2/imports', {
          format: 'ofx',
          account_id: accountId,
          content: sampleOfx.replace(
            '<MEMO>Groceries',
            '<MEMO>Groceries\n<CURRENCY>\n<CURRATE>0.65\n<CURSYM>USD\n</CURRENCY>',
          ),
        }),
        'Transaction 1 is in USD; the statement is in AUD',
      ],
    ] as const;
    for (const [response, message] of refusals) {
      expect(response.statusCode, message).toBe(400);
      expect(response.json().error).toMatchObject({ fields: [{ field: 'body.content' }] });
      expect(response.json().error.error_message).toContain(message);
    }
    expect(await countOn(accountId)).toBe(before);
  });
});
