import { ApiError, isApiError as isSdkApiError } from '@waratah/sdk';
import { describe, expect, it } from 'vitest';
import { isApiError } from './is-api-error.ts';

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
