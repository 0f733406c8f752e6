import { z } from 'zod';
import type { HolderAccount } from '../data/holder-account.ts';
import { CdsError } from './cds-error.ts';

const productCategories = [
  'BUSINESS_LOANS',
  'BUY_NOW_PAY_LATER',
  'CRED_AND_CHRG_CARDS',
  'LEASES',
  'MARGIN_LOANS',
  'OVERDRAFTS',
  'PERS_LOANS',
  'REGULATED_TRUST_ACCOUNTS',
  'RESIDENTIAL_MORTGAGES',
  'TERM_DEPOSITS',
  'TRADE_FINANCE',
  'TRANS_AND_SAVINGS_ACCOUNTS',
  'TRAVEL_CARDS',
] as const;

const accountFiltersSchema = z.object({
  'product-category': z.enum(productCategories).optional(),
  'open-status': z.enum(['ALL', 'OPEN', 'CLOSED']).default('ALL'),
  'is-owned': z.enum(['true', 'false']).optional(),
});

/** The product-category, open-status and is-owned filters of the account, balance and payment lists. */
export function readAccountFilters(query: Record<string, unknown>): (account: HolderAccount) => boolean {
  const parsed = accountFiltersSchema.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CdsError('invalidField', `${String(issue?.path[0])}: ${issue?.message}`);
  }
  const filters = parsed.data;
  return (account) =>
    (filters['product-category'] === undefined ||
      account.definition.category === filters['product-category']) &&
    (filters['open-status'] === 'ALL' || account.openStatus === filters['open-status']) &&
    (filters['is-owned'] === undefined || String(account.isOwned) === filters['is-owned']);
}
