import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHolder, type TestHolder, testNow } from '../testing/build-test-holder.ts';

let holder: TestHolder;
let token: string;
const bank = 'kookaburra-bank';
const base = `/${bank}/cds-au/v1`;

async function setFault(payload: Record<string, unknown>) {
  return holder.app.inject({ method: 'POST', url: '/data-holder/control/faults', payload });
}

async function grant(customerId: string) {
  return holder.app.inject({
    method: 'POST',
    url: '/data-holder/admin/consents',
    payload: { bank, customerId },
  });
}

beforeAll(async () => {
  holder = await buildTestHolder();
  token = await holder.consent(bank, 'james-oconnor');
});
afterEach(() => {
  holder.runtime.faults.clear();
  holder.runtime.clock.set(testNow);
});
afterAll(() => holder.app.close());

describe('fault switches', () => {
  it('outage: discovery says UNAVAILABLE and lists it, data and consents answer 503, clearing restores', async () => {
    const until = new Date(testNow.getTime() + 2 * 3_600_000).toISOString();
    expect((await setFault({ bank, fault: 'outage', until })).statusCode).toBe(201);
    const status = (await holder.get(`${base}/discovery/status`, { version: '1' })).json().data;
    expect(status).toMatchObject({ status: 'UNAVAILABLE', expectedResolutionTime: until });
    const outages = (await holder.get(`${base}/discovery/outages`, { version: '1' })).json().data.outages;
    expect(outages).toEqual([expect.objectContaining({ duration: 'PT120M', isPartial: false })]);
    const data = await holder.get(`${base}/banking/accounts`, { version: '3', token });
    expect(data.statusCode).toBe(503);
    expect(data.json().errors[0].code).toBe('urn:au-cds:error:cds-all:Service/Unavailable');
    expect((await grant('amelia-nguyen')).statusCode).toBe(503);
    const cleared = await holder.app.inject({
      method: 'DELETE',
      url: `/data-holder/control/faults?bank=${bank}`,
    });
    expect(cleared.json().data.cleared).toBe(1);
    expect((await holder.get(`${base}/discovery/status`, { version: '1' })).json().data.status).toBe('OK');
  });

  it('turns itself off at `until`', async () => {
    await setFault({ bank, fault: 'outage', until: new Date(testNow.getTime() + 60_000).toISOString() });
    holder.runtime.clock.set(new Date(testNow.getTime() + 120_000));
    expect((await holder.get(`${base}/banking/accounts`, { version: '3', token })).statusCode).toBe(200);
  });

  it('timeout: holds the response for the delay', async () => {
    await setFault({ bank, fault: 'timeout', delayMs: 120 });
    const started = performance.now();
    const response = await holder.get(`${base}/banking/accounts`, { version: '3', token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(response.statusCode).toBe(200);
  });

  it('mfa_needed: the authorisation step and data calls answer 403 with a holder code over InvalidConsent', async () => {
    holder.runtime.faults.set({ bank, fault: 'mfa_needed' });
    const consent = await grant('amelia-nguyen');
    expect(consent.statusCode).toBe(403);
    expect(consent.json().errors[0]).toMatchObject({
      code: 'urn:waratah:data-holder:Authorisation/MfaRequired',
      meta: { urn: 'urn:au-cds:error:cds-all:Authorisation/InvalidConsent' },
    });
    expect((await holder.get(`${base}/banking/accounts`, { version: '3', token })).statusCode).toBe(403);
  });

  it('invalid_credentials: the authorisation step and data calls answer 401', async () => {
    holder.runtime.faults.set({ bank, fault: 'invalid_credentials' });
    const consent = await grant('amelia-nguyen');
    expect(consent.statusCode).toBe(401);
    expect(consent.json().errors[0].code).toBe('urn:waratah:data-holder:Authorisation/InvalidCredentials');
    expect((await holder.get(`${base}/common/customer`, { version: '1', token })).statusCode).toBe(401);
  });

  it('partial_failure: every second account’s transactions fail and discovery reports a partial outage', async () => {
    holder.runtime.faults.set({ bank, fault: 'partial_failure' });
    expect((await holder.get(`${base}/discovery/status`, { version: '1' })).json().data.status).toBe(
      'PARTIAL_FAILURE',
    );
    const accounts = (await holder.get(`${base}/banking/accounts`, { version: '3', token })).json().data
      .accounts;
    const statuses = await Promise.all(
      accounts.map(
        async ({ accountId }: { accountId: string }) =>
          (await holder.get(`${base}/banking/accounts/${accountId}/transactions`, { version: '2', token }))
            .statusCode,
      ),
    );
    expect(statuses).toEqual(accounts.map((_: unknown, index: number) => (index % 2 === 1 ? 503 : 200)));
  });

  it('applies a customer-scoped fault to that customer only', async () => {
    await setFault({ bank, fault: 'invalid_credentials', customerId: 'amelia-nguyen' });
    expect((await grant('amelia-nguyen')).statusCode).toBe(401);
    expect((await grant('priya-sharma')).statusCode).toBe(201);
    expect((await holder.get(`${base}/banking/accounts`, { version: '3', token })).statusCode).toBe(200);
    expect((await holder.get(`${base}/discovery/status`, { version: '1' })).json().data.status).toBe('OK');
  });

  it('lists switches and refuses a malformed one naming the field', async () => {
    await setFault({ bank, fault: 'outage' });
    const listed = (await holder.app.inject({ method: 'GET', url: '/data-holder/control/faults' })).json();
    expect(listed.data.faults).toEqual([
      expect.objectContaining({ bank, fault: 'outage', setAt: testNow.toISOString() }),
    ]);
    const bad = await setFault({ bank, fault: 'flood' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].detail).toContain('fault');
  });

  it('moves the simulated clock through the control API', async () => {
    const moved = await holder.app.inject({
      method: 'PUT',
      url: '/data-holder/control/clock',
      payload: { now: '2027-01-01T00:00:00Z' },
    });
    expect(moved.json().data.now).toBe('2027-01-01T00:00:00.000Z');
  });
});
