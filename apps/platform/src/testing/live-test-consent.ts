import { addDays } from '../aggregation/calendar-date.ts';
import type { ConsentStatus } from '../db/database-schema.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';

/**
 * A test client's consent dates around the real today (Sydney): started 30 days ago, ending in 300
 * days (after the start and within the 12 months a consent may run). The access checks compare a
 * consent's expiry with the database's clock, so fixed dates stop a test working one day: the tests
 * wrote 2026-06-01 to 2027-05-31 until 2026-11-30, and every adviser read of such a client would
 * have been refused from 2027-05-31.
 */
export function liveTestConsent<Status extends ConsentStatus>(
  status: Status,
): { status: Status; start: string; expiry: string } {
  const today = sydneyToday();
  return { status, start: addDays(today, -30), expiry: addDays(today, 300) };
}
