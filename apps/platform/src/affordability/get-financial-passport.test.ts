import { financialPassportResponseSchema, maxPassportYears } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../aggregation/calendar-date.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';

/** The bounds of a passport's range, through the routes that ask for one. */
describe('the financial passport range', () => {
  let testApp: TestApp;
  let fixture: Awaited<ReturnType<typeof signedInAdviserWithClient>>;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: fixture.headers, ...(payload ? { payload } : {}) });
  const refusedFields = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await request(method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    return response.json().error.fields.map((field: { field: string }) => field.field);
  };

  it('refuses a range without end, backwards or of days that do not exist, naming the field', async () => {
    const today = sydneyToday();
    const passport = '/api/v2/financialpassport';
    expect(await refusedFields('GET', `${passport}?from_date=0001-01-01&to_date=9999-12-31`)).toEqual([
      'querystring.to_date',
    ]);
    expect(await refusedFields('GET', `${passport}?from_date=2026-03-01&to_date=2026-02-01`)).toEqual([
      'querystring.to_date',
    ]);
    // No report runs past today (before 2026-11-30 the days to come counted as overdrawn).
    expect(
      await refusedFields(
        'GET',
        `${passport}?from_date=${addDays(today, -30)}&to_date=${addDays(today, 60)}`,
      ),
    ).toEqual(['querystring.to_date']);
    // from_date alone runs to today.
    expect(await refusedFields('GET', `${passport}?from_date=0001-01-01`)).toEqual(['querystring.from_date']);
    expect(await refusedFields('GET', `${passport}?from_date=${addDays(today, 1)}`)).toEqual([
      'querystring.from_date',
    ]);
    expect(await refusedFields('GET', `${passport}?from_date=2026-02-30&to_date=2026-13-01`)).toEqual([
      'querystring.from_date',
      'querystring.to_date',
    ]);
    // The exports take the same bound, before any period or feature rule.
    expect(await refusedFields('GET', `${passport}/export?from_date=0001-01-01&to_date=9999-12-31`)).toEqual([
      'querystring.to_date',
    ]);
    expect(
      await refusedFields('POST', `${passport}/exports`, { from_date: '0001-01-01', to_date: today }),
    ).toEqual(['body.to_date']);
  });

  it('answers the longest range it takes', async () => {
    const to = sydneyToday();
    const from = addDays(`${Number(to.slice(0, 4)) - maxPassportYears}${to.slice(4, 8)}01`, 40);
    const response = await request('GET', `/api/v2/financialpassport?from_date=${from}&to_date=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(financialPassportResponseSchema.parse(response.json()).data).toMatchObject({
      from_date: from,
      to_date: to,
    });
  });
});
