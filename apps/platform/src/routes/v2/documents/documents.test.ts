import { randomUUID } from 'node:crypto';
import {
  budgetCategoryReportResponseSchema,
  documentExportListResponseSchema,
  documentExportResponseSchema,
  documentVerificationResponseSchema,
  financialPassportResponseSchema,
} from '@waratah/contracts';
import { getTenant, type TenantId } from '@waratah/tenants';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../aggregation/calendar-date.ts';
import { toCents } from '../../../aggregation/cents.ts';
import { withExports } from '../../../documents/document-exports.ts';
import { generateDocumentJob } from '../../../documents/documents-service.ts';
import { formatAud, formatDate } from '../../../documents/format-aud.ts';
import { documentFinances } from '../../../documents/testing/document-finances.ts';
import { adviserWithDocumentClient } from '../../../documents/testing/document-test-client.ts';
import { jobQueueOf } from '../../../jobs/register-job-queue.ts';
import { applyJobsMigration } from '../../../jobs/testing/apply-jobs-migration.ts';
import { sydneyToday } from '../../../reports/sydney-calendar.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { withPortalFeatures } from '../../../testing/portal-features.ts';

type Fixture = Awaited<ReturnType<typeof adviserWithDocumentClient>>;

async function pdfLines(bytes: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: false });
  return text.join('\n').split('\n');
}

const sum = (items: readonly { cents: number }[]) => items.reduce((total, item) => total + item.cents, 0);
const datedRow = /^\d{1,2} [A-Z][a-z]{2} \d{4} /;

describe('documents (spec §7 Affordability, §9 export periods)', () => {
  let testApp: TestApp;
  const fixtures = {} as Record<TenantId, Fixture>;
  const today = sydneyToday();

  beforeAll(async () => {
    testApp = await buildTestApp();
    await applyJobsMigration(testApp.database.db);
    for (const tenantId of ['moneypartner', 'waratahlabs', 'waratah'] as const) {
      fixtures[tenantId] = await adviserWithDocumentClient(testApp.app, tenantId);
    }
  }, 120_000);
  afterAll(() => testApp.close());

  /**
   * The API's own statement figures: balances walked back from the account's current balance, by
   * the posted transactions (the current balance holds no pending one; a statement lists none).
   */
  async function expectedStatement(fixture: Fixture, accountId: number, from: string, to: string) {
    const inPeriod = await fixture.apiTransactions({
      account_ids: String(accountId),
      from_date: from,
      to_date: to,
      status: 'posted',
    });
    const after = await fixture.apiTransactions({
      account_ids: String(accountId),
      from_date: addDays(to, 1),
      status: 'posted',
    });
    const closing = (await fixture.apiBalance(accountId)) - sum(after);
    const credits = sum(inPeriod.filter((tx) => tx.cents >= 0));
    const debits = sum(inPeriod.filter((tx) => tx.cents < 0));
    return { count: inPeriod.length, closing, opening: closing - credits - debits, credits, debits };
  }

  it('walks no balance back by a pending purchase, and lists none in a statement', async () => {
    // The holder's current balance holds no pending transaction (CDS currentBalance): before
    // 2026-12-02 a purchase pending today moved every balance a document walked back by its amount.
    const finances = documentFinances(today);
    finances.transactions.push({
      account: 0,
      date: today,
      cents: -5_000,
      description: 'PENDING CAFE',
      merchant: null,
      categoryKey: 'DINING',
      budget: 'lifestyle',
      pending: true,
    });
    const fixture = await adviserWithDocumentClient(testApp.app, 'moneypartner', finances);
    const plain = fixtures.moneypartner;
    const accountId = fixture.accountIds[0] ?? 0;
    const period = getTenant('moneypartner').exportOptions.statements[0]?.value ?? 'week';
    const { done, bytes } = await fixture.produce('/api/v2/statements', { account_id: accountId, period });
    const plainStatement = await plain.produce('/api/v2/statements', {
      account_id: plain.accountIds[0] ?? 0,
      period,
    });
    const balances = (lines: string[]) => lines.filter((line) => /^(Opening|Closing) balance/.test(line));
    const lines = await pdfLines(bytes);
    // The same balances as the same finances without the pending purchase, which is not listed.
    expect(balances(lines)).toEqual(balances(await pdfLines(plainStatement.bytes)));
    expect(lines.join('\n')).not.toContain('PENDING CAFE');
    const expected = await expectedStatement(fixture, accountId, done.from_date ?? '', done.to_date ?? '');
    expect(lines).toContain(
      `Closing balance (${formatDate(done.to_date ?? '')}) ${formatAud(expected.closing)}`,
    );
  }, 60_000);

  for (const tenantId of ['moneypartner', 'waratahlabs', 'waratah'] as const) {
    describe(tenantId, () => {
      for (const option of getTenant(tenantId).exportOptions.statements) {
        it(`statement for '${option.label}' (${option.value}) balances to the cent`, async () => {
          const fixture = fixtures[tenantId];
          const accountId = fixture.accountIds[0] ?? 0;
          const { done, file, bytes } = await fixture.produce('/api/v2/statements', {
            account_id: accountId,
            period: option.value,
          });
          expect(file.headers['content-type']).toBe('application/pdf');
          expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
          expect(done).toMatchObject({ kind: 'statement', period: option.value, account_id: accountId });
          if (option.value === 'fin-year')
            expect([done.from_date, done.to_date]).toEqual(['2024-07-01', '2025-06-30']);
          const from = done.from_date ?? '';
          const to = done.to_date ?? '';
          const expected = await expectedStatement(fixture, accountId, from, to);
          expect(expected.count).toBeGreaterThan(0);

          const lines = await pdfLines(bytes);
          expect(lines).toContain(`Opening balance (${formatDate(from)}) ${formatAud(expected.opening)}`);
          expect(lines).toContain(`Closing balance (${formatDate(to)}) ${formatAud(expected.closing)}`);
          expect(lines).toContain(`Money in ${formatAud(expected.credits)}`);
          expect(lines).toContain(`Money out ${formatAud(-expected.debits)}`);
          expect(lines).toContain(`Transactions ${expected.count}`);
          const rows = lines.filter((line) => datedRow.test(line));
          // The opening and closing rows frame one row per transaction.
          expect(rows).toHaveLength(expected.count + 2);
          const lastTransaction = rows.at(-2) ?? '';
          expect(lastTransaction.endsWith(` ${formatAud(expected.closing)}`)).toBe(true);
          expect(
            lines.some((line) => line.includes(getTenant(tenantId).name) && line.includes('Page 1 of')),
          ).toBe(true);
          expect(lines.join('\n')).toContain('Prepared by: Alex Adviser');
        });
      }

      for (const option of getTenant(tenantId).exportOptions.financialPassport) {
        it(`financial passport for '${option.label}' (${option.value}) shows the API's figures`, async () => {
          const fixture = fixtures[tenantId];
          const { done, bytes } = await fixture.produce('/api/v2/financialpassport/exports', {
            period: option.value,
          });
          expect(done).toMatchObject({ kind: 'financial_passport', period: option.value });
          const response = await testApp.app.inject({
            method: 'GET',
            url: `/api/v2/financialpassport?from_date=${done.from_date}&to_date=${done.to_date}`,
            headers: fixture.headers,
          });
          const passport = financialPassportResponseSchema.parse(response.json()).data;
          const range = `${formatDate(passport.from_date)} to ${formatDate(passport.to_date)}`;
          const aud = (decimal: string) => formatAud(toCents(decimal));
          const lines = await pdfLines(bytes);
          expect(lines).toContain(`Income (${range}) ${aud(passport.summary.totals.income)}`);
          expect(lines).toContain(`Expenses (${range}) ${aud(passport.summary.totals.expenses)}`);
          expect(lines).toContain(`Net balance (${range}) ${aud(passport.summary.totals.net_balance)}`);
          expect(lines).toContain(`Assets ${aud(passport.summary.totals.assets)}`);
          expect(lines).toContain(`Liabilities ${aud(passport.summary.totals.liabilities)}`);
          for (const item of passport.expenses.breakdown) {
            expect(lines).toContain(
              `${item.category.name} ${item.transaction_ids.length} ${aud(item.total)} ${aud(item.monthly_average)}`,
            );
          }
          expect(passport.income.breakdown.length).toBeGreaterThan(0);
        });
      }

      it('financial passport narrowed to some accounts or connections shows the report’s figures for them', async () => {
        // Before 2026-12-03 the exports dropped account_ids and provider_account_ids: the PDF
        // covered every account while the report asked for covered some.
        const fixture = fixtures[tenantId];
        const accounts = (
          await testApp.app.inject({ method: 'GET', url: '/api/v2/accounts', headers: fixture.headers })
        ).json().data as {
          id: number;
          provider_account_id: number;
          account_attributes: { container: string };
        }[];
        const bank = accounts.filter((account) => account.account_attributes.container === 'bank');
        expect(bank.length).toBeGreaterThan(0);
        expect(bank.length).toBeLessThan(accounts.length);
        const period = getTenant(tenantId).exportOptions.financialPassport[0]?.value ?? '';
        const chosen = bank.map((account) => account.id);
        const connections = [...new Set(bank.map((account) => account.provider_account_id))];
        const { done, bytes } = await fixture.produce('/api/v2/financialpassport/exports', {
          period,
          account_ids: chosen,
          provider_account_ids: connections,
        });
        const report = async (narrowed: boolean) => {
          const filters = narrowed ? `&account_ids=${chosen}&provider_account_ids=${connections}` : '';
          const response = await testApp.app.inject({
            url: `/api/v2/financialpassport?from_date=${done.from_date}&to_date=${done.to_date}${filters}`,
            headers: fixture.headers,
          });
          return financialPassportResponseSchema.parse(response.json()).data.summary.totals;
        };
        const [narrowed, whole] = [await report(true), await report(false)];
        expect(narrowed.liabilities).not.toBe(whole.liabilities);
        const aud = (decimal: string) => formatAud(toCents(decimal));
        const expected = [`Assets ${aud(narrowed.assets)}`, `Liabilities ${aud(narrowed.liabilities)}`];
        expect(await pdfLines(bytes)).toEqual(expect.arrayContaining(expected));
        const downloaded = await testApp.app.inject({
          url: `/api/v2/financialpassport/export?period=${period}&account_ids=${chosen}&provider_account_ids=${connections}`,
          headers: fixture.headers,
        });
        expect(downloaded.statusCode, downloaded.body).toBe(200);
        expect(await pdfLines(downloaded.rawPayload)).toEqual(expect.arrayContaining(expected));
      });

      it('insights PDF agrees with the Overview page’s report over the same period', async () => {
        const fixture = fixtures[tenantId];
        const period = getTenant(tenantId).exportOptions.statements.at(-1)?.value;
        const { done, bytes } = await fixture.produce('/api/v2/documents/insights', { period });
        // The Overview page's own call, counted as its charts count it: income is the income budget
        // category, spending every other one net of refunds, a month that came out positive spending
        // nothing (before 2026-12-03 the PDF counted as the passport does, which the card's
        // repayments, a transfer in, made differ).
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/v2/reports/transactions/budget_categories?period=monthly&from_date=${done.from_date}&to_date=${done.to_date}`,
          headers: fixture.headers,
        });
        const report = budgetCategoryReportResponseSchema.parse(response.json()).data;
        const signed = (group: { value: number; income: boolean }) =>
          Math.round(group.value * 100) * (group.income ? 1 : -1);
        const months = report.map((month) => {
          const income = sum(
            month.groups.filter((g) => g.name === 'income').map((g) => ({ cents: signed(g) })),
          );
          const others = sum(
            month.groups.filter((g) => g.name !== 'income').map((g) => ({ cents: signed(g) })),
          );
          return { date: month.date, income, expenses: Math.min(0, others) };
        });
        const income = months.reduce((total, month) => total + month.income, 0);
        const expenses = months.reduce((total, month) => total + month.expenses, 0);
        expect(expenses).toBeLessThan(0);
        const lines = await pdfLines(bytes);
        expect(lines).toContain(`Income ${formatAud(income)}`);
        expect(lines).toContain(`Expenses ${formatAud(expenses)}`);
        expect(lines).toContain(`Net ${formatAud(income + expenses)}`);
        for (const month of months) {
          const name = formatDate(month.date).split(' ').slice(1).join(' ');
          expect(lines).toContain(
            `${name} ${formatAud(month.income)} ${formatAud(month.expenses)} ${formatAud(month.income + month.expenses)}`,
          );
        }
      });

      it('account-balance summary matches the balances walked back from the API', async () => {
        const fixture = fixtures[tenantId];
        const asOf = addDays(today, -45);
        const { done, bytes } = await fixture.produce('/api/v2/accounts/summary', { as_of_date: asOf });
        expect(done).toMatchObject({ kind: 'account_summary', to_date: asOf, period: null });
        const balances: number[] = [];
        for (const accountId of fixture.accountIds) {
          const after = await fixture.apiTransactions({
            account_ids: String(accountId),
            from_date: addDays(asOf, 1),
          });
          balances.push((await fixture.apiBalance(accountId)) - sum(after));
        }
        const lines = await pdfLines(bytes);
        expect(lines).toContain(`Everyday Westpac Bank account ${formatAud(balances[0] ?? 0)}`);
        expect(lines).toContain(`Card Westpac Credit card ${formatAud(balances[1] ?? 0)}`);
        expect(lines).toContain(`Net position ${formatAud((balances[0] ?? 0) + (balances[1] ?? 0))}`);
        expect(lines).toContain('Accounts 2');
      });

      it('transactions spreadsheet has one row per transaction and totals to the cent', async () => {
        const fixture = fixtures[tenantId];
        const period = getTenant(tenantId).exportOptions.statements.at(-1)?.value;
        const { done, file, bytes } = await fixture.produce('/api/v2/documents/transactions', { period });
        expect(file.headers['content-type']).toBe(
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        expect(done.file_name.endsWith('.xlsx')).toBe(true);
        const from = done.from_date ?? '';
        const to = done.to_date ?? '';
        const api = await fixture.apiTransactions({ from_date: from, to_date: to });

        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
        const sheet = workbook.getWorksheet('Transactions');
        const header = sheet?.getRow(1).values as unknown[];
        expect(header.slice(1)).toEqual([
          'Date',
          'Description',
          'Merchant',
          'Category',
          'Budget category',
          'Amount',
          'Balance',
          'Account',
        ]);
        const rows: { date: string; cents: number; balance: number; account: string }[] = [];
        sheet?.eachRow((row, index) => {
          if (index === 1) return;
          rows.push({
            date: (row.getCell(1).value as Date).toISOString().slice(0, 10),
            cents: toCents(String(row.getCell(6).value)),
            balance: toCents(String(row.getCell(7).value)),
            account: String(row.getCell(8).value),
          });
        });
        expect(rows).toHaveLength(api.length);
        expect(sum(rows)).toBe(sum(api));
        expect(rows.every((row) => row.date >= from && row.date <= to)).toBe(true);
        for (const [index, name] of ['Everyday', 'Card'].entries()) {
          const accountId = fixture.accountIds[index] ?? 0;
          const expected = await expectedStatement(fixture, accountId, from, to);
          expect(rows.filter((row) => row.account === name).at(-1)?.balance).toBe(expected.closing);
        }
        const summary = workbook.getWorksheet('Summary');
        const all = summary
          ?.getRows(1, summary.rowCount)
          ?.find((row) => row.getCell(1).value === 'All transactions');
        expect(all?.getCell(2).value).toBe(api.length);
        expect(toCents(String(all?.getCell(3).value))).toBe(sum(api));
      });
    });
  }

  it('lists every export of the client with its status, newest first', async () => {
    const fixture = fixtures.waratahlabs;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/documents',
      headers: fixture.headers,
    });
    const list = documentExportListResponseSchema.parse(response.json()).data;
    expect(new Set(list.map((item) => item.kind))).toEqual(
      new Set(['statement', 'financial_passport', 'insights', 'account_summary', 'transactions']),
    );
    expect(list.every((item) => item.status === 'completed' && item.sha256?.length === 64)).toBe(true);
    const passports = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/financialpassport/exports',
      headers: fixture.headers,
    });
    const passportList = documentExportListResponseSchema.parse(passports.json()).data;
    // The passport kind of the same list, in the same order (this client's, from the tests above).
    expect(passportList.length).toBeGreaterThan(1);
    expect(passportList.map((item) => item.id)).toEqual(
      list.filter((item) => item.kind === 'financial_passport').map((item) => item.id),
    );
  });

  it('GET financialpassport/export answers the PDF at once and records it', async () => {
    const fixture = fixtures.moneypartner;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/financialpassport/export?period=fin-year',
      headers: fixture.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /filename="financial-passport_.+_2024-07-01_2025-06-30\.pdf"/,
    );
    const lines = await pdfLines(response.rawPayload);
    expect(lines).toContain('financial year 24/25: 1 Jul 2024 to 30 Jun 2025');
  });

  // Reference §8: `type=pdf|xlsx`. Before 2026-12-03 the type was dropped and xlsx answered the PDF.
  it('GET financialpassport/export takes type=pdf and refuses type=xlsx by name, recording nothing', async () => {
    const fixture = fixtures.moneypartner;
    const exportOf = (type: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/v2/financialpassport/export?period=fin-year&type=${type}`,
        headers: fixture.headers,
      });
    const pdf = await exportOf('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const before = await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select('id')
      .execute();
    for (const type of ['xlsx', 'csv']) {
      const refused = await exportOf(type);
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().error.fields).toEqual([
        { field: 'querystring.type', message: expect.stringMatching(/^is not supported: /) },
      ]);
    }
    const after = await withExports(testApp.database.db)
      .selectFrom('document_exports')
      .select('id')
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('verifies a file the platform produced and rejects a changed one', async () => {
    const fixture = fixtures.moneypartner;
    const { done, bytes } = await fixture.produce('/api/v2/accounts/summary', {});
    const verify = (payload: Buffer) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/documents/verify',
        headers: { ...fixture.adviser.headers, 'content-type': 'application/pdf' },
        payload,
      });
    const genuine = documentVerificationResponseSchema.parse((await verify(bytes)).json()).data;
    expect(genuine).toMatchObject({
      verified: true,
      sha256: done.sha256,
      export: { id: done.id, kind: 'account_summary', narrowed_to: null },
    });
    // Only a passport tells its narrowing (`financial-passport-exports.test.ts`): a spreadsheet of
    // some accounts lists them itself.
    const sheet = await fixture.produce('/api/v2/documents/transactions', {
      period: 'month',
      account_ids: fixture.accountIds.slice(0, 1),
    });
    expect(documentVerificationResponseSchema.parse((await verify(sheet.bytes)).json()).data).toMatchObject({
      verified: true,
      export: { id: sheet.done.id, kind: 'transactions', narrowed_to: null },
    });
    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] ?? 0) ^ 1;
    expect(documentVerificationResponseSchema.parse((await verify(tampered)).json()).data).toMatchObject({
      verified: false,
      export: null,
    });
    // Another tenant's adviser cannot learn about it.
    const other = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/documents/verify',
      headers: { ...fixtures.waratahlabs.adviser.headers, 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(other.json().data.verified).toBe(false);
  });

  describe('bad input: a 400 naming the field, and nothing written', () => {
    const cases: [string, string, object, string][] = [
      ['an unknown period', '/api/v2/statements', { period: 'decade' }, 'body.period'],
      [
        'a period of another tenant',
        '/api/v2/financialpassport/exports',
        { period: 'three-months' },
        'body.period',
      ],
      [
        'an end before its start',
        '/api/v2/documents/insights',
        { from_date: '2025-03-01', to_date: '2025-02-01' },
        'body.to_date',
      ],
      [
        'a range after today',
        '/api/v2/documents/insights',
        { from_date: '2025-03-01', to_date: '2999-01-01' },
        'body.to_date',
      ],
      [
        'a range before the data',
        '/api/v2/documents/insights',
        { from_date: '1990-01-01', to_date: '1990-12-31' },
        'body.to_date',
      ],
      ['half a range', '/api/v2/documents/transactions', { from_date: '2025-03-01' }, 'body.to_date'],
      ["an account that is not the client's", '/api/v2/statements', { period: 'month' }, 'body.account_id'],
      [
        "accounts that are not the client's",
        '/api/v2/documents/transactions',
        { period: 'month' },
        'body.account_ids',
      ],
      [
        'a balance date after today',
        '/api/v2/accounts/summary',
        { as_of_date: '2999-01-01' },
        'body.as_of_date',
      ],
    ];
    for (const [what, url, body, field] of cases) {
      it(what, async () => {
        const fixture = fixtures.waratahlabs;
        const foreign = fixtures.moneypartner.accountIds[0];
        const payload =
          url === '/api/v2/statements'
            ? { account_id: body === cases[0]?.[2] ? fixture.accountIds[0] : foreign, ...body }
            : url === '/api/v2/documents/transactions' && field === 'body.account_ids'
              ? { ...body, account_ids: [foreign] }
              : body;
        const before = await withExports(testApp.database.db)
          .selectFrom('document_exports')
          .select('id')
          .execute();
        const response = await testApp.app.inject({ method: 'POST', url, headers: fixture.headers, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields.map((item: { field: string }) => item.field)).toEqual([field]);
        const after = await withExports(testApp.database.db)
          .selectFrom('document_exports')
          .select('id')
          .execute();
        expect(after).toHaveLength(before.length);
      });
    }

    it('more accounts than any client has (a list that broke the database’s parameter limit)', async () => {
      const fixture = fixtures.waratahlabs;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v2/documents/transactions',
        headers: fixture.headers,
        payload: { period: 'month', account_ids: Array.from({ length: 501 }, () => fixture.accountIds[0]) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.map((item: { field: string }) => item.field)).toEqual([
        'body.account_ids',
      ]);
    });

    it('custom dates where the feature key is off', async () => {
      const fixture = fixtures.waratahlabs;
      await withPortalFeatures(
        testApp.database.db,
        'waratahlabs',
        { generate_bank_statement_custom_date: false },
        async () => {
          const response = await testApp.app.inject({
            method: 'POST',
            url: '/api/v2/statements',
            headers: fixture.headers,
            payload: { account_id: fixture.accountIds[0], from_date: addDays(today, -20), to_date: today },
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().error.fields[0].field).toBe('body.from_date');
          const passport = await fixture.produce('/api/v2/financialpassport/exports', {
            from_date: addDays(today, -20),
            to_date: today,
          });
          expect(passport.done.period).toBe('custom');
        },
      );
    });
  });

  it('records why a job failed, and the file answers 409 with the reason', async () => {
    const fixture = fixtures.waratah;
    const id = randomUUID();
    const db = withExports(testApp.database.db);
    await db
      .insertInto('document_exports')
      .values({
        id,
        tenant_id: 'waratah',
        client_id: fixture.clientId,
        requested_by: 'test',
        kind: 'statement',
        params: JSON.stringify({
          actor: { kind: 'client', tenantId: 'waratah', clientId: fixture.clientId, via: 'bearer' },
          periodLabel: 'gone',
          accountId: 999_999,
        }),
        period: 'month',
        from_date: addDays(today, -10),
        to_date: today,
        file_name: 'statement.pdf',
        content_type: 'application/pdf',
      })
      .execute();
    await jobQueueOf(testApp.app).enqueue(generateDocumentJob, { exportId: id }, { retryLimit: 1 });
    const failed = await fixture.settled(id);
    expect(failed).toMatchObject({
      status: 'failed',
      error: 'The account of this statement no longer exists',
    });
    const file = await testApp.app.inject({
      method: 'GET',
      url: `/api/v2/statements/${id}`,
      headers: fixture.headers,
    });
    expect(file.statusCode).toBe(409);
    expect(file.json().error.error_message).toContain('no longer exists');
  });

  it("keeps one client's exports from another", async () => {
    const mine = fixtures.moneypartner;
    const list = documentExportListResponseSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/v2/documents', headers: mine.headers })).json(),
    ).data;
    const statement = list.find((item) => item.kind === 'statement');
    const other = fixtures.waratahlabs;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v2/statements/${statement?.id}`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(documentExportResponseSchema.safeParse(response.json()).success).toBe(false);
  });
});
