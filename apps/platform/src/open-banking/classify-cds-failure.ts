import { CdsRequestError } from './cds-request-error.ts';
import type { RefreshOutcome } from './data-source.ts';

const code = {
  mfaRequired: 'urn:waratah:data-holder:Authorisation/MfaRequired',
  invalidCredentials: 'urn:waratah:data-holder:Authorisation/InvalidCredentials',
  revokedConsent: 'urn:au-cds:error:cds-all:Authorisation/RevokedConsent',
  invalidConsent: 'urn:au-cds:error:cds-all:Authorisation/InvalidConsent',
  invalidAccount: 'urn:au-cds:error:cds-banking:Authorisation/InvalidBankingAccount',
  unavailableAccount: 'urn:au-cds:error:cds-banking:Authorisation/UnavailableBankingAccount',
};

const outcome = (
  providerAccountStatus: RefreshOutcome['providerAccountStatus'],
  refreshStatus: RefreshOutcome['refreshStatus'],
  refreshSubStatus: RefreshOutcome['refreshSubStatus'],
  temporary = false,
): RefreshOutcome => ({ providerAccountStatus, refreshStatus, refreshSubStatus, temporary });

/**
 * A failed holder call in spec §3 terms. What the client must act on (MFA, credentials, a lapsed
 * consent) makes the provider account `needs_action`; what time may fix (outages, timeouts, 5xx) is
 * a temporary failure to retry with back-off; a holder that breaks the standard is permanent.
 */
export function classifyCdsFailure(error: unknown): RefreshOutcome {
  if (!(error instanceof CdsRequestError)) return outcome('failed', 'permanent_failure', 'unknown_error');
  if (error.kind === 'timeout' || error.kind === 'network')
    return outcome('failed', 'temporary_failure', 'site_error', true);
  if (error.kind === 'invalid_response') return outcome('failed', 'permanent_failure', 'aggregation_error');
  const codes = error.codes();
  if (codes.includes(code.mfaRequired)) return outcome('needs_action', 'input_required', 'mfa_needed');
  if (codes.includes(code.invalidCredentials) || error.status === 401) {
    return outcome('needs_action', 'relogin_required', 'invalid_credentials');
  }
  if (codes.includes(code.revokedConsent) || codes.includes(code.invalidConsent)) {
    return outcome('needs_action', 'relogin_required', 'verify_credentials');
  }
  if (codes.includes(code.invalidAccount) || codes.includes(code.unavailableAccount)) {
    return outcome('failed', 'permanent_failure', 'account_not_found');
  }
  const status = error.status ?? 500;
  if (status >= 500 || status === 429) {
    const temporary = outcome('failed', 'temporary_failure', 'site_error', true);
    return error.retryAfterMs === undefined ? temporary : { ...temporary, retryAfterMs: error.retryAfterMs };
  }
  return outcome('failed', 'permanent_failure', 'aggregation_error');
}
