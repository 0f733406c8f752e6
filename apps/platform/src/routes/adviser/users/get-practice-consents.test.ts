import { practiceConsentsResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser, tenantHost } from '../../../testing/sign-in.ts';
import { writeTestClient } from '../../../testing/write-test-client.ts';

const day = 24 * 60 * 60 * 1000;
/** A calendar day this many days from today (UTC), as the test clients' consents take them. */
const daysFromToday = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);

describe('GET api/adviser/users/consents (the practice-wide consents panel)', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;
  const emails = {
    soon: 'soon@example.test',
    sooner: 'sooner@example.test',
    later: 'later@example.test',
    expired: 'expired@example.test',
    lapsed: 'lapsed@example.test',
    withdrawn: 'withdrawn@example.test',
    pending: 'pending@example.test',
  };

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app);
    const write = (email: string, consent: Parameters<typeof writeTestClient>[1]['consent']) =>
      writeTestClient(testApp.database.db, {
        tenantId: 'moneypartner',
        partyId: adviser.externalParty?.id ?? 0,
        adviserId: adviser.adminUser.id,
        email,
        // Withdrawn 30 days after the start (write-demo-clients.ts), or the day before this today.
        today: daysFromToday(0),
        ...(consent ? { consent } : {}),
      });
    await write(emails.soon, { status: 'active', start: daysFromToday(-300), expiry: daysFromToday(20) });
    await write(emails.sooner, { status: 'in_use', start: daysFromToday(-300), expiry: daysFromToday(5) });
    await write(emails.later, { status: 'active', start: daysFromToday(-100), expiry: daysFromToday(200) });
    await write(emails.expired, {
      status: 'expired',
      start: daysFromToday(-400),
      expiry: daysFromToday(-40),
    });
    // Still marked active, but past its expiry: it has ended all the same.
    await write(emails.lapsed, { status: 'active', start: daysFromToday(-300), expiry: daysFromToday(-2) });
    await write(emails.withdrawn, {
      status: 'withdrawn',
      start: daysFromToday(-90),
      expiry: daysFromToday(200),
    });
    await write(emails.pending, { status: 'pending', start: null, expiry: null });
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = adviser.headers) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('lists consents ending within 30 days (soonest first) and those that have ended', async () => {
    const response = await get('/api/adviser/users/consents');
    expect(response.statusCode).toBe(200);
    const { data } = practiceConsentsResponseSchema.parse(response.json());
    expect(data.expiring.map((consent) => [consent.email, consent.status])).toEqual([
      [emails.sooner, 'in_use'],
      [emails.soon, 'active'],
    ]);
    expect(data.expiring_total).toBe(2);
    // Most recently ended first: by expiry, or for a withdrawn one by when it was withdrawn.
    expect(data.ended.map((consent) => [consent.email, consent.status])).toEqual([
      [emails.lapsed, 'expired'],
      [emails.expired, 'expired'],
      [emails.withdrawn, 'withdrawn'],
    ]);
    expect(data.ended[2]?.withdrawn_at).toBe(new Date(`${daysFromToday(-60)}T00:00:00Z`).toISOString());
    expect(data.ended[0]?.withdrawn_at).toBeNull();
    expect(data.ended_total).toBe(3);
  });

  it('caps each list at size and still counts all of it', async () => {
    const { data } = practiceConsentsResponseSchema.parse(
      (await get('/api/adviser/users/consents?size=1')).json(),
    );
    expect(data.expiring).toHaveLength(1);
    expect(data.expiring_total).toBe(2);
    expect(data.ended).toHaveLength(1);
    expect(data.ended_total).toBe(3);
    const invalid = await get('/api/adviser/users/consents?size=0');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.error_message).toContain('size');
  });

  it('shows the lapsed active consent as expired in the client list too, and filters by it', async () => {
    const response = await get(`/api/adviser/users?search=${emails.lapsed}`);
    expect(response.json().data[0].consent.status).toBe('expired');
    const expired = await get('/api/adviser/users?consent_status=expired');
    expect(
      expired
        .json()
        .data.map((user: { email: string }) => user.email)
        .sort(),
    ).toEqual([emails.expired, emails.lapsed]);
  });

  it('shows another practice nothing of these consents', async () => {
    const other = await createSignedInAdminUser(testApp.app);
    const { data } = practiceConsentsResponseSchema.parse(
      (await get('/api/adviser/users/consents', other.headers)).json(),
    );
    expect(data).toEqual({ expiring: [], expiring_total: 0, ended: [], ended_total: 0 });
  });

  it('is 404 for an adviser without an enabled practice and for an operator', async () => {
    const unverified = await createSignedInAdminUser(testApp.app, { externalPartyStatus: 'unverified' });
    expect((await get('/api/adviser/users/consents', unverified.headers)).statusCode).toBe(404);
    const operator = await createSignedInAdminUser(testApp.app, { kind: 'operator' });
    expect((await get('/api/adviser/users/consents', operator.headers)).statusCode).toBe(404);
  });

  it('is 401 without a sign-in', async () => {
    const response = await get('/api/adviser/users/consents', { host: tenantHost('moneypartner') });
    expect(response.statusCode).toBe(401);
  });
});
