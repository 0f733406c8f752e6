import { errorBodySchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { AppError } from './app-error.ts';
import { WriteOutcomeUnknown } from './database-unavailable.ts';

describe('the error handler', () => {
  let testApp: TestApp;
  let confirmations = 0;

  beforeAll(async () => {
    testApp = await buildTestApp();
    testApp.app.get('/api/test/explode', { config: { operatorArea: null } }, async () => {
      throw new Error('password=hunter2 at /srv/app/secret.ts:12');
    });
    testApp.app.get('/api/test/conflict', { config: { operatorArea: null } }, async () => {
      throw new AppError('already_exists', 'That e-mail address is already registered');
    });
    // A read started from a recent token lookup whose database then refuses the connection.
    testApp.app.get('/api/test/database-down', { config: { operatorArea: null } }, async (request) => {
      request.unconfirmedPrincipal = {
        tokenHash: 'unused',
        confirm: async () => {
          confirmations += 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        },
      };
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    // A change whose COMMIT the database never answered (db/unconfirmed-writes.ts).
    const unconfirmed = () => new WriteOutcomeUnknown(new Error('Query read timeout'));
    testApp.app.post('/api/test/unconfirmed', { config: { operatorArea: null } }, async () => {
      throw unconfirmed();
    });
    testApp.app.get('/api/test/unconfirmed', { config: { operatorArea: null } }, async () => {
      throw unconfirmed();
    });
    testApp.app.post(
      '/api/test/goals',
      {
        config: { operatorArea: null },
        schema: { body: z.object({ name: z.string().min(1), target: z.object({ amount: z.string() }) }) },
      },
      async (request) => request.body,
    );
  });
  afterAll(() => testApp.close());

  it('answers a change the database may have made with 503 F9991 and no Retry-After; a read with F9990', async () => {
    const change = await testApp.app.inject({ method: 'POST', url: '/api/test/unconfirmed' });
    expect(change.statusCode).toBe(503);
    expect(change.headers['retry-after']).toBeUndefined();
    const { error } = errorBodySchema.parse(change.json());
    expect(error).toMatchObject({ error_code: 'F9991', error_type: 'outcome_unknown' });
    expect(error.error_message).toMatch(
      /^The service stopped answering while your change was being saved, so it may or may not have been saved; please check before making it again\. \(request .+\)$/,
    );
    // A read asked for no change: what was left unconfirmed was the request's own bookkeeping.
    const read = await testApp.app.inject({ method: 'GET', url: '/api/test/unconfirmed' });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('1');
    expect(read.json().error.error_code).toBe('F9990');
  });

  it('answers an unexpected error with a generic 500 envelope, no message, no stack', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const { error } = errorBodySchema.parse(response.json());
    expect(error).toMatchObject({ error_code: 'F9999', error_type: 'internal_error' });
    expect(error.error_message).toMatch(
      /^Something went wrong on our side; please try again\. \(request .+\)$/,
    );
    expect(response.body).not.toMatch(/hunter2|secret\.ts|at .*:\d+/);
  });

  it('answers a database that is down with 503 at once, without asking it to confirm the caller first', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/database-down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(errorBodySchema.parse(response.json()).error).toMatchObject({
      error_code: 'F9990',
      error_type: 'unavailable',
    });
    // Neither the error handler nor the last check before sending looked the token up again.
    expect(confirmations).toBe(0);
  });

  it('answers an AppError with its code, status and message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        error_code: 'F0400',
        error_type: 'already_exists',
        error_message: 'That e-mail address is already registered',
      },
    });
  });

  it('names every field that fails validation', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/goals',
      payload: { name: '', target: {} },
    });
    expect(response.statusCode).toBe(400);
    const { error } = errorBodySchema.parse(response.json());
    expect(error.error_code).toBe('F0001');
    expect(error.fields?.map((field) => field.field)).toEqual(['body.name', 'body.target.amount']);
  });

  it('ignores body fields the contract does not name', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/goals',
      payload: { name: 'Holiday', target: { amount: '10.00' }, colour: 'red' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Holiday', target: { amount: '10.00' } });
  });

  it('answers a body that is not JSON with malformed_request', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/goals',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ error_code: 'F0020', error_type: 'malformed_request' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/goals',
      headers: { 'content-type': 'application/xml' },
      payload: '<goal/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.error_code).toBe('F0024');
  });

  it.each(['/api/v2/no-such-thing', '/api', '/oauth/nothing'])(
    'answers unknown %s with a JSON 404',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(errorBodySchema.parse(response.json()).error).toMatchObject({
        error_code: 'F0300',
        error_type: 'not_found',
      });
    },
  );

  it('marks API answers, errors included, as not to be cached', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v2/no-such-thing' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
