import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody, isApiError } from './api-error.ts';

describe('apiErrorFromBody', () => {
  it('reads the error envelope, with the fields of a validation error', () => {
    const error = apiErrorFromBody(422, {
      error: {
        error_code: 'F0200',
        error_type: 'validation',
        error_message: 'Invalid request',
        fields: [{ field: 'email', message: 'must be an email' }],
      },
    });

    expect(error).toMatchObject({
      status: 422,
      code: 'F0200',
      type: 'validation',
      message: 'Invalid request',
      fields: [{ field: 'email', message: 'must be an email' }],
    });
  });

  it('falls back to the OAuth error code when there is no description', () => {
    expect(apiErrorFromBody(400, { error: 'invalid_client' })).toMatchObject({
      code: 'invalid_client',
      message: 'invalid_client',
    });
  });

  it('describes an empty body by its status', () => {
    expect(apiErrorFromBody(500, undefined)).toMatchObject({
      code: 'unknown_error',
      message: 'Request failed with status 500',
    });
  });
});

describe('isApiError', () => {
  it('tells an ApiError from other errors', () => {
    expect(isApiError(new ApiError({ status: 0, code: 'network_error', message: 'offline' }))).toBe(true);
    expect(isApiError(new Error('boom'))).toBe(false);
  });
});
