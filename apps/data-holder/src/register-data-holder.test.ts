import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestHolder, type TestHolder } from './testing/build-test-holder.ts';

let holder: TestHolder;
let token: string;
const accounts = '/harbour-bank/cds-au/v1/banking/accounts';

beforeAll(async () => {
  holder = await buildTestHolder();
  token = await holder.consent('harbour-bank', 'james-oconnor');
});
afterAll(() => holder.app.close());

describe('versioned headers', () => {
  it('answers x-v with the version served and echoes the interaction id', async () => {
    const interactionId = '6f1c2e9a-7f0e-4a42-9f1e-1d3c5b7a9e11';
    const response = await holder.get(accounts, {
      version: '3',
      token,
      headers: { 'x-fapi-interaction-id': interactionId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-v']).toBe('3');
    expect(response.headers['x-fapi-interaction-id']).toBe(interactionId);
  });

  it('generates an interaction id when none is sent, on errors too', async () => {
    const response = await holder.get(accounts, { token });
    expect(response.headers['x-fapi-interaction-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the highest supported version within x-min-v..x-v', async () => {
    const response = await holder.get(accounts, { version: '7', token, headers: { 'x-min-v': '1' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-v']).toBe('3');
  });

  it('answers 406 Unsupported Version in the CDS error body', async () => {
    const response = await holder.get(accounts, { version: '2', token });
    expect(response.statusCode).toBe(406);
    expect(response.json()).toEqual({
      errors: [
        {
          code: 'urn:au-cds:error:cds-all:Header/UnsupportedVersion',
          title: 'Unsupported Version',
          detail: expect.any(String),
        },
      ],
    });
  });

  it('answers 400 for a missing or malformed x-v', async () => {
    const missing = await holder.get(accounts, { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('urn:au-cds:error:cds-all:Header/Missing');
    const malformed = await holder.get(accounts, { version: 'v3', token });
    expect(malformed.json().errors[0].code).toBe('urn:au-cds:error:cds-all:Header/InvalidVersion');
  });
});

describe('authorisation', () => {
  it('needs a bearer token on customer data but not on public endpoints', async () => {
    expect((await holder.get(accounts, { version: '3' })).statusCode).toBe(401);
    expect((await holder.get('/harbour-bank/cds-au/v1/banking/products', { version: '5' })).statusCode).toBe(
      200,
    );
    expect((await holder.get('/harbour-bank/cds-au/v1/discovery/status', { version: '1' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a token at another bank and a revoked consent', async () => {
    const elsewhere = await holder.get('/outback-mutual/cds-au/v1/banking/accounts', { version: '3', token });
    expect(elsewhere.json().errors[0].code).toBe('urn:au-cds:error:cds-all:Authorisation/InvalidConsent');
    const granted = await holder.app.inject({
      method: 'POST',
      url: '/data-holder/admin/consents',
      payload: { bank: 'harbour-bank', customerId: 'priya-sharma', sharingDays: 30 },
    });
    const { accessToken, consentId } = granted.json().data;
    // A bank switched to an outage ends nothing: the recipient tries again later.
    holder.runtime.faults.set({ bank: 'harbour-bank', fault: 'outage' });
    const refused = await holder.app.inject({
      method: 'DELETE',
      url: `/data-holder/admin/consents/${consentId}?bank=harbour-bank`,
    });
    holder.runtime.faults.clear();
    expect(refused.statusCode).toBe(503);
    expect((await holder.get(accounts, { version: '3', token: accessToken })).statusCode).toBe(200);
    const ended = await holder.app.inject({
      method: 'DELETE',
      url: `/data-holder/admin/consents/${consentId}?bank=harbour-bank`,
    });
    expect(ended.statusCode).toBe(204);
    const revoked = await holder.get(accounts, { version: '3', token: accessToken });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().errors[0].code).toBe('urn:au-cds:error:cds-all:Authorisation/RevokedConsent');
  });

  it('validates the consent request and caps sharing at 12 months', async () => {
    const response = await holder.app.inject({
      method: 'POST',
      url: '/data-holder/admin/consents',
      payload: { bank: 'harbour-bank', customerId: 'x', sharingDays: 400 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].detail).toContain('sharingDays');
  });

  it('answers unknown banks and paths with CDS 404s', async () => {
    expect(
      (await holder.get('/no-bank/cds-au/v1/discovery/status', { version: '1' })).json().errors[0].code,
    ).toBe('urn:au-cds:error:cds-all:Resource/NotFound');
    expect((await holder.get('/harbour-bank/cds-au/v1/energy/plans', { version: '1' })).statusCode).toBe(404);
  });
});
