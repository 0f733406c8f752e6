import { CdsError } from '../cds/cds-error.ts';
import type { CdsRequestContext } from '../cds/define-cds-route.ts';
import type { HolderAccount } from '../data/holder-account.ts';
import type { HolderRuntime } from '../holder-runtime.ts';

export function consentedAccounts(
  runtime: HolderRuntime,
  { bank, consent }: CdsRequestContext,
): HolderAccount[] {
  if (!consent) throw new CdsError('invalidConsent', 'this endpoint needs a consent');
  return runtime.data.accounts(bank, consent.customerId);
}

/** The path's account, if it is one the consent covers; CDS answers 404 Invalid Banking Account otherwise. */
export function findConsentedAccount(runtime: HolderRuntime, context: CdsRequestContext): HolderAccount {
  const accountId = context.params.accountId ?? '';
  const account = consentedAccounts(runtime, context).find((candidate) => candidate.accountId === accountId);
  if (!account)
    throw new CdsError('invalidBankingAccount', `account '${accountId}' is not covered by this consent`);
  return account;
}
