import { ApiError, isApiError as isSdkApiError } from '@waratah/sdk';
import { describe, expect, it } from 'vitest';
import { isApiError, whenToAskAgain, worthAskingAgain } from './is-api-error.ts';

describe('isApiError', () => {
  it('agrees with the SDK on its errors and on other values', () => {
    const values = [
      new ApiError({ status: 404, code: 'not_found', message: 'Not found' }),
      new ApiError({ status: 0, code: 'network_error', message: 'The server could not be reached' }),
      new Error('plain'),
      Object.assign(new Error('named only'), { name: 'ApiError' }),
      { name: 'ApiError', status: 500 },
      null,
      'ApiError',
    ];
    expect(values.map(isApiError)).toEqual(values.map(isSdkApiError));
  });
});

describe('worthAskingAgain', () => {
  const answered = (status: number) => new ApiError({ status, code: 'code', message: 'message' });

  it('is true for an unreachable, failing or busy server and for what is not its answer', () => {
    expect([0, 408, 429, 500, 502, 503].map((status) => worthAskingAgain(answered(status)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(worthAskingAgain(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is false for a refusal that stays until the request changes', () => {
    expect([400, 401, 403, 404, 409, 413, 422].some((status) => worthAskingAgain(answered(status)))).toBe(
      false,
    );
  });
});

describe('whenToAskAgain', () => {
  const busy = (retryAt?: number) => new ApiError({ status: 429, code: 'F0006', message: 'Busy', retryAt });

  it('is the latest Retry-After of the errors, and undefined when none gave one', () => {
    expect(whenToAskAgain([busy(1_000), new Error('offline'), busy(3_000), busy()])).toBe(3_000);
    expect(whenToAskAgain([busy(), new Error('offline')])).toBeUndefined();
    expect(whenToAskAgain([])).toBeUndefined();
  });
});
