import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody, isApiError, retryAtOf } from './api-error.ts';

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

  // The reference platform's envelope is {error: {error_code?, error_message}}, with no error_type;
  // a gateway in front may send the message alone. Before 2026-12-03 both lost their message.
  it('keeps the message of an envelope without error_type, or with a message alone', () => {
    expect(apiErrorFromBody(400, { error: { error_message: 'x' } }, 'Bad Request')).toMatchObject({
      status: 400,
      code: 'unknown_error',
      type: undefined,
      message: 'x',
      fields: [],
    });
    expect(
      apiErrorFromBody(
        404,
        { error: { error_code: 'F0300', error_message: 'No such account' } },
        'Not Found',
      ),
    ).toMatchObject({ status: 404, code: 'F0300', type: undefined, message: 'No such account' });
  });

  it('keeps the message when the fields are not the platform’s list', () => {
    expect(
      apiErrorFromBody(400, { error: { error_code: 'F0001', error_message: 'Invalid', fields: 'name' } }),
    ).toMatchObject({ code: 'F0001', message: 'Invalid', fields: [] });
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

describe('retryAtOf', () => {
  const now = Date.parse('2026-12-02T03:00:00Z');

  it('reads whole seconds and an HTTP date as a time on this clock', () => {
    expect(retryAtOf('60', now)).toBe(now + 60_000);
    expect(retryAtOf(' 0 ', now)).toBe(now);
    expect(retryAtOf('Wed, 02 Dec 2026 03:02:00 GMT', now)).toBe(now + 120_000);
    // A date already past: ask again now.
    expect(retryAtOf('Wed, 02 Dec 2026 02:00:00 GMT', now)).toBe(now);
  });

  it('ignores no header, a value that is neither, and a wait past a day', () => {
    for (const header of [
      null,
      undefined,
      '',
      'soon',
      '-5',
      '1.5',
      '86401',
      'Thu, 03 Dec 2026 04:00:00 GMT',
    ]) {
      expect(retryAtOf(header, now)).toBeUndefined();
    }
    expect(retryAtOf('86400', now)).toBe(now + 86_400_000);
  });
});
