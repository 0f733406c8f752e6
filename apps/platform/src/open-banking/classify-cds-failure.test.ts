import { describe, expect, it } from 'vitest';
import { CdsRequestError } from './cds-request-error.ts';
import { classifyCdsFailure } from './classify-cds-failure.ts';

const httpError = (status: number, code?: string, urn?: string) =>
  new CdsRequestError({
    kind: 'http',
    status,
    message: 'failed',
    interactionId: 'i',
    errors: code ? [{ code, title: 't', detail: 'd', ...(urn ? { meta: { urn } } : {}) }] : [],
  });

describe('classifyCdsFailure', () => {
  it.each([
    [
      'an outage',
      httpError(503, 'urn:au-cds:error:cds-all:Service/Unavailable'),
      'failed',
      'temporary_failure',
      'site_error',
      true,
    ],
    [
      'a timeout',
      new CdsRequestError({ kind: 'timeout', message: 't', interactionId: 'i' }),
      'failed',
      'temporary_failure',
      'site_error',
      true,
    ],
    [
      'MFA needed',
      httpError(
        403,
        'urn:waratah:data-holder:Authorisation/MfaRequired',
        'urn:au-cds:error:cds-all:Authorisation/InvalidConsent',
      ),
      'needs_action',
      'input_required',
      'mfa_needed',
      false,
    ],
    [
      'invalid credentials',
      httpError(401, 'urn:waratah:data-holder:Authorisation/InvalidCredentials'),
      'needs_action',
      'relogin_required',
      'invalid_credentials',
      false,
    ],
    [
      'a revoked consent',
      httpError(403, 'urn:au-cds:error:cds-all:Authorisation/RevokedConsent'),
      'needs_action',
      'relogin_required',
      'verify_credentials',
      false,
    ],
    [
      'an unknown account',
      httpError(404, 'urn:au-cds:error:cds-banking:Authorisation/InvalidBankingAccount'),
      'failed',
      'permanent_failure',
      'account_not_found',
      false,
    ],
    [
      'an unsupported version',
      httpError(406, 'urn:au-cds:error:cds-all:Header/UnsupportedVersion'),
      'failed',
      'permanent_failure',
      'aggregation_error',
      false,
    ],
    [
      'a broken response',
      new CdsRequestError({ kind: 'invalid_response', message: 'x', interactionId: 'i' }),
      'failed',
      'permanent_failure',
      'aggregation_error',
      false,
    ],
  ])('classifies %s', (_name, error, providerAccountStatus, refreshStatus, refreshSubStatus, temporary) => {
    expect(classifyCdsFailure(error)).toEqual({
      providerAccountStatus,
      refreshStatus,
      refreshSubStatus,
      temporary,
    });
  });

  it('keeps the wait a holder’s 429 or 503 asked for', () => {
    const tooMany = new CdsRequestError({
      kind: 'http',
      status: 429,
      message: 'failed',
      interactionId: 'i',
      retryAfterMs: 60_000,
    });
    expect(classifyCdsFailure(tooMany)).toEqual({
      providerAccountStatus: 'failed',
      refreshStatus: 'temporary_failure',
      refreshSubStatus: 'site_error',
      temporary: true,
      retryAfterMs: 60_000,
    });
    expect(classifyCdsFailure(httpError(429))).not.toHaveProperty('retryAfterMs');
  });
});
