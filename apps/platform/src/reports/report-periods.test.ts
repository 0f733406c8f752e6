import { budgetCategoryReportResponseSchema, type ReportPeriod, reportPeriods } from '@waratah/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { writeTestClient } from '../testing/write-test-client.ts';
import { maxReportPeriods, periodStart, periodStartSql, periodStarts, weekStart } from './report-periods.ts';

describe('report periods', () => {
  const anchor = '2025-09-29';

  it('starts weeks on Monday, also across the daylight-saving changes', () => {
    // Sydney moved to AEDT on Sunday 5 October 2025 and back to AEST on Sunday 6 April 2025.
    expect(periodStart('weekly', '2025-10-05', anchor)).toBe('2025-09-29');
    expect(periodStart('weekly', '2025-10-06', anchor)).toBe('2025-10-06');
    expect(periodStart('weekly', '2025-04-06', anchor)).toBe('2025-03-31');
    expect(periodStarts('weekly', '2025-10-01', '2025-10-13')).toEqual([
      '2025-09-29',
      '2025-10-06',
      '2025-10-13',
    ]);
  });

  it('counts fortnights and four-week spans from the Monday of the first week', () => {
    expect(periodStarts('fortnightly', '2025-10-01', '2025-11-02')).toEqual([
      '2025-09-29',
      '2025-10-13',
      '2025-10-27',
    ]);
    expect(periodStart('fortnightly', '2025-10-12', anchor)).toBe('2025-09-29');
    expect(periodStart('fortnightly', '2025-10-13', anchor)).toBe('2025-10-13');
    expect(periodStarts('four_weekly', '2025-10-01', '2025-11-30')).toEqual([
      '2025-09-29',
      '2025-10-27',
      '2025-11-24',
    ]);
  });

  it('follows month ends, quarters and the financial year (1 July – 30 June)', () => {
    expect(periodStart('monthly', '2024-02-29', anchor)).toBe('2024-02-01');
    expect(periodStart('bimonthly', '2025-12-31', anchor)).toBe('2025-11-01');
    expect(periodStart('quarterly', '2025-06-30', anchor)).toBe('2025-04-01');
    expect(periodStart('quarterly', '2025-07-01', anchor)).toBe('2025-07-01');
    expect(periodStart('biannually', '2025-12-31', anchor)).toBe('2025-07-01');
    expect(periodStart('annually', '2025-06-30', anchor)).toBe('2024-07-01');
    expect(periodStart('annually', '2025-07-01', anchor)).toBe('2025-07-01');
    expect(periodStarts('annually', '2024-01-15', '2025-07-01')).toEqual([
      '2023-07-01',
      '2024-07-01',
      '2025-07-01',
    ]);
    expect(periodStarts('daily', '2024-02-28', '2024-03-01')).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('runs a business month from its first weekday; a weekend belongs to the Friday before', () => {
    // 1 November 2025 is a Saturday: the November business month starts on Monday 3 November.
    expect(periodStart('business_month', '2025-11-01', anchor)).toBe('2025-10-01');
    expect(periodStart('business_month', '2025-11-02', anchor)).toBe('2025-10-01');
    expect(periodStart('business_month', '2025-11-03', anchor)).toBe('2025-11-03');
    expect(periodStarts('business_month', '2025-10-15', '2026-02-02')).toEqual([
      '2025-10-01',
      '2025-11-03',
      '2025-12-01',
      '2026-01-01',
      '2026-02-02',
    ]);
  });

  it('refuses a range with too many periods, naming from_date', () => {
    expect(() => periodStarts('daily', '2000-01-01', addDays('2000-01-01', maxReportPeriods))).toThrow(
      /from_date/,
    );
    expect(periodStarts('daily', '2000-01-01', addDays('2000-01-01', maxReportPeriods - 1))).toHaveLength(
      maxReportPeriods,
    );
  });

  it('ends a range in December 9999 at the period holding its end, whatever the period', () => {
    // Before 2026-12-03 the period after, '+010000-01', sorted before the end as text: the
    // periods ran on to the limit and the range was refused.
    const end = '9999-12-31';
    const expected: Record<ReportPeriod, [string, string[]]> = {
      daily: ['9999-12-29', ['9999-12-29', '9999-12-30', '9999-12-31']],
      // 31 December 9999 is a Friday.
      weekly: ['9999-12-13', ['9999-12-13', '9999-12-20', '9999-12-27']],
      fortnightly: ['9999-11-29', ['9999-11-29', '9999-12-13', '9999-12-27']],
      four_weekly: ['9999-10-04', ['9999-10-04', '9999-11-01', '9999-11-29', '9999-12-27']],
      monthly: ['9999-10-15', ['9999-10-01', '9999-11-01', '9999-12-01']],
      bimonthly: ['9999-06-01', ['9999-05-01', '9999-07-01', '9999-09-01', '9999-11-01']],
      quarterly: ['9999-06-01', ['9999-04-01', '9999-07-01', '9999-10-01']],
      biannually: ['9999-06-01', ['9999-01-01', '9999-07-01']],
      annually: ['9998-06-01', ['9997-07-01', '9998-07-01', '9999-07-01']],
      business_month: ['9999-10-15', ['9999-10-01', '9999-11-01', '9999-12-01']],
    };
    for (const period of reportPeriods) {
      const [from, starts] = expected[period];
      expect({ period, starts: periodStarts(period, from, end) }).toEqual({ period, starts });
    }
    expect(periodStarts('monthly', '9999-06-01', end)).toHaveLength(7);
  });

  it('writes a financial year before year 1000 with four digits, as SQL does', () => {
    // Before 2026-12-03 '999-07-01', which no period of the report's SQL matched.
    expect(periodStart('annually', '1000-03-01', anchor)).toBe('0999-07-01');
    expect(periodStarts('annually', '1000-03-01', '1000-12-31')).toEqual(['0999-07-01', '1000-07-01']);
  });
});

describe('report periods in SQL and through the report', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const report = async (query: string, headers: Record<string, string> = fixture.headers) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v2/reports/transactions/budget_categories?${query}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return budgetCategoryReportResponseSchema.parse(response.json()).data;
  };

  it('buckets every day of two years like the TypeScript, whatever the session time zone', async () => {
    const first = '2024-06-01';
    const from = '2024-06-05';
    const expected = (period: ReportPeriod, day: string) => periodStart(period, day, weekStart(from));
    // Zones either side of the date line: a timestamp conversion anywhere would shift some days.
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      await testApp.database.db.transaction().execute(async (trx) => {
        await sql`set local time zone ${sql.lit(zone)}`.execute(trx);
        for (const period of reportPeriods) {
          const day = sql`(${sql.lit(first)}::date + i)`;
          const { rows } = await sql<{ day: string; start: string }>`
            select to_char(${day}, 'YYYY-MM-DD') as day, ${periodStartSql(period, day, weekStart(from))} as start
            from generate_series(0, 760) as s(i)`.execute(trx);
          const wrong = rows.filter((row) => row.start !== expected(period, row.day));
          expect({ zone, period, wrong: wrong.slice(0, 3) }).toEqual({ zone, period, wrong: [] });
        }
      });
    }
  });

  it('sums the sample by week: the Sunday of the daylight-saving change stays in its week', async () => {
    const data = await report('period=weekly&from_date=2025-09-29&to_date=2025-10-12');
    expect(data.map((week) => week.date)).toEqual(['2025-09-29', '2025-10-06']);
    // 30 Sep salary, 1 Oct groceries, 4 Oct Netflix, 5 Oct (Sunday, DST starts) Sportsbet.
    expect(data[0]?.groups.map((group) => [group.name, group.value])).toEqual([
      ['income', 3000],
      ['living', 42.5],
      ['lifestyle', 69.99],
    ]);
    expect(data[1]).toEqual({ date: '2025-10-06', value: 0, income: false, groups: [] });
  });

  it('splits month ends by fortnight and quarter', async () => {
    const fortnights = await report('period=fortnightly&from_date=2025-09-29&to_date=2025-11-09');
    expect(fortnights.map((item) => [item.date, item.groups.map((group) => group.name)])).toEqual([
      ['2025-09-29', ['income', 'living', 'lifestyle']],
      ['2025-10-13', ['income']],
      ['2025-10-27', ['income', 'living', 'lifestyle', 'one_off']],
    ]);
    const quarters = await report('period=quarterly&from_date=2025-09-01&to_date=2025-12-31');
    expect(quarters.map((item) => [item.date, item.groups[0]?.transaction_ids.length])).toEqual([
      ['2025-07-01', 1],
      ['2025-10-01', 2],
    ]);
  });

  it('splits the financial year on 1 July', async () => {
    const other = await writeTestClient(testApp.database.db, {
      tenantId: fixture.adviser.adminUser.tenant_id,
      partyId: fixture.partyId,
      adviserId: fixture.adviser.adminUser.id,
      finances: {
        providerAccounts: [
          {
            providerName: 'Westpac',
            status: 'success',
            refreshStatus: 'success',
            refreshSubStatus: null,
            lastRefreshed: '2026-11-19',
          },
        ],
        accounts: [
          {
            providerAccount: 0,
            name: 'Everyday',
            container: 'bank',
            type: 'bank_account',
            holder: 'individual',
            number: '12XXXX999',
            bsb: '032-000',
            balanceCents: 10_000,
            hasAvailable: true,
          },
        ],
        transactions: [
          ['2025-06-30', 100_00],
          ['2025-07-01', 250_00],
        ].map(([date, cents]) => ({
          account: 0,
          date: String(date),
          cents: Number(cents),
          description: 'SALARY ACME',
          merchant: null,
          categoryKey: 'SALARY',
          budget: 'income' as const,
          pending: false,
        })),
      },
    });
    const years = await report('period=annually&from_date=2025-01-01&to_date=2025-12-31', {
      ...fixture.adviser.headers,
      'x-user-id': String(other.clientId),
    });
    expect(years.map((year) => [year.date, year.value])).toEqual([
      ['2024-07-01', 100],
      ['2025-07-01', 250],
    ]);
  });

  it('answers the seven months of a range ending 9999-12-31, and its sums, on every engine', async () => {
    await testApp.database.db
      .insertInto('transactions')
      .values({
        tenant_id: fixture.adviser.adminUser.tenant_id,
        client_id: fixture.clientId,
        account_id: fixture.accountIds[0] ?? 0,
        amount: '-12.34',
        base_type: 'debit',
        transaction_date: '9999-12-31',
        description_original: 'LAST DAY',
        budget_category: 'living',
        included: true,
      })
      .execute();
    // Before 2026-12-03: a 400, "covers more than 2000 monthly periods".
    const months = await report('from_date=9999-06-01&to_date=9999-12-31');
    expect(months.map((month) => month.date)).toEqual([
      '9999-06-01',
      '9999-07-01',
      '9999-08-01',
      '9999-09-01',
      '9999-10-01',
      '9999-11-01',
      '9999-12-01',
    ]);
    expect(months.at(-1)?.groups.map((group) => [group.name, group.value])).toEqual([['living', 12.34]]);
    const days = await report('period=daily&from_date=9999-12-30&to_date=9999-12-31');
    expect(days.map((day) => [day.date, day.value])).toEqual([
      ['9999-12-30', 0],
      ['9999-12-31', 12.34],
    ]);
  });

  it('refuses an unknown period with a 400 naming the field', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v2/reports/transactions/budget_categories?period=hourly',
      headers: fixture.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((field: { field: string }) => field.field)).toEqual([
      'querystring.period',
    ]);
  });
});
