import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { toAppError } from './to-app-error.ts';

describe('toAppError', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError('bad_header', 'X-User-Id must be a number');
    expect(toAppError(error)).toBe(error);
  });

  it("treats a status code from someone else's error as our failure", () => {
    const upstream = Object.assign(new Error('GET https://bank.example/accounts: 404'), { statusCode: 404 });
    expect(toAppError(upstream).type).toBe('internal_error');
  });

  it("keeps the status of Fastify's own client errors", () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    expect(toAppError(tooLarge)).toMatchObject({
      type: 'payload_too_large',
      message: 'Request body is too large',
    });
  });

  it('answers 503 unavailable, safe to send again, when PostgreSQL undid the transaction for a conflict', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const serialization = new Error('wrapped', {
      cause: Object.assign(new Error('could not serialize access'), { code: '40001' }),
    });
    for (const error of [deadlock, serialization]) {
      expect(toAppError(error, { method: 'PUT' })).toMatchObject({ type: 'unavailable', code: 'F9990' });
    }
    expect(toAppError(Object.assign(new Error('unique'), { code: '23505' })).type).toBe('internal_error');
  });

  it('answers 503 unavailable when the database dropped the connection or cannot be reached', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const lost = new Error('Connection terminated unexpectedly');
    const refused = new Error('connect failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    });
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    for (const error of [terminated, lost, refused, poolTimeout]) {
      expect(toAppError(error)).toMatchObject({ type: 'unavailable', statusCode: 503, code: 'F9990' });
    }
  });

  it('keeps other database errors internal', () => {
    const uniqueViolation = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(toAppError(uniqueViolation).type).toBe('internal_error');
  });
});
