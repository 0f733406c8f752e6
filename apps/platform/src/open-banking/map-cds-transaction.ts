import { createHash } from 'node:crypto';
import { isCalendarDate } from '@waratah/contracts';
import { importedText } from '../aggregation/imported-text.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { cdsAmountToDecimal } from './cds-amount.ts';
import type { CdsTransaction } from './cds-schemas.ts';
import type { SourcedTransaction } from './data-source.ts';

/** The earliest time a holder's transaction is taken at: PostgreSQL's dates and the imports' start there. */
const earliestTime = Date.UTC(1900, 0, 1);

/** The standard's DateTimeString: RFC 3339, its offset included (`Z` or `±hh:mm`). */
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * A holder's time as a Sydney date, or null when it is not the standard's RFC 3339 with its offset
 * (one without would be read in the server's time zone, a day out near midnight), names a day that
 * does not exist, cannot be read,
 * or lies outside [1900, a year after the pull]: as a file import's dates are (`parsed-row.ts`), so
 * a transaction dated 9999 does not move a balance walked back from today. The next of its times
 * is then taken, as for one that cannot be read; before 2026-12-03 such a time was stored as
 * `Date.parse` read it. Not refused as an invalid answer: one odd time would fail its account's
 * every refresh, and hold the connection's window back with it.
 */
function sydneyDateOf(dateTime: string | undefined, pulledAt: Date): string | null {
  if (!dateTime || !rfc3339.test(dateTime)) return null;
  // A day the month does not have (`2026-02-30`): Date.parse rolls it on (to 2 March), so the day
  // as written is checked first (before 2026-12-04 it was stored as the day rolled on to).
  if (!isCalendarDate(dateTime.slice(0, 10))) return null;
  const time = Date.parse(dateTime);
  if (Number.isNaN(time)) return null;
  const latest = new Date(pulledAt);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  if (time < earliestTime || time > latest.getTime()) return null;
  return sydneyToday(new Date(time));
}

/**
 * A holder may leave transactionId out; then the id is a fingerprint of what does not change when a
 * pending transaction posts (account, amount, reference, description, execution time). Without an
 * execution time (also optional), the posting or value time stands in: before 2026-11-30 none did,
 * so a monthly "NETFLIX -15.99" had one id every month, and each month's replaced the last.
 */
function externalIdOf(transaction: CdsTransaction): string {
  if (transaction.transactionId) return transaction.transactionId;
  const parts = [
    transaction.accountId,
    transaction.amount,
    transaction.reference,
    transaction.description,
    transaction.executionDateTime ?? transaction.postingDateTime ?? transaction.valueDateTime ?? '',
  ];
  return `fp-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`;
}

/**
 * One CDS transaction in the platform's terms. `pulledAt` is when the pull read it: a PENDING
 * transaction may come with no time at all (CDS requires `postingDateTime` only once POSTED, the
 * other two are optional), and is then dated the pull's day in Sydney. Before 2026-12-02 it failed
 * its whole account (`permanent_failure / unknown_error`, none of its transactions stored, and the
 * next refresh read the 730 days again). That day is inside the next refresh's window, so a hold
 * the holder stops listing is still matched to its payment or removed as cancelled (`store-pull.ts`);
 * while it stays pending, each refresh dates it afresh. Its id, without a transactionId, is the
 * fingerprint of what it has, never of that date.
 */
export function mapCdsTransaction(
  transaction: CdsTransaction,
  pulledAt: Date = new Date(),
): SourcedTransaction {
  const amount = cdsAmountToDecimal(transaction.amount);
  const postDate = sydneyDateOf(transaction.postingDateTime, pulledAt);
  const transactionDate =
    sydneyDateOf(transaction.executionDateTime, pulledAt) ??
    postDate ??
    sydneyDateOf(transaction.valueDateTime, pulledAt) ??
    (transaction.status === 'PENDING' ? sydneyToday(pulledAt) : null);
  if (!transactionDate) throw new Error(`transaction ${externalIdOf(transaction)} has no usable date`);
  return {
    externalId: externalIdOf(transaction),
    amount,
    currency: transaction.currency,
    baseType: amount.startsWith('-') ? 'debit' : 'credit',
    status: transaction.status === 'PENDING' ? 'pending' : 'posted',
    transactionDate,
    postDate,
    description: importedText(transaction.description),
    merchantName: transaction.merchantName === undefined ? null : importedText(transaction.merchantName),
    merchantCategoryCode: transaction.merchantCategoryCode ?? null,
    reference: transaction.reference || null,
  };
}

/**
 * One account's transactions as the holder listed them in one pull, each mapped
 * (`mapCdsTransaction`). Identical transactions without a transactionId (two $3.20 Opal taps the
 * bank posted at the same midnight) have one fingerprint: each is numbered among them in the
 * holder's order, as a file import numbers identical rows (`importIds`). The first keeps the
 * fingerprint, as every such transaction had before 2026-12-04 (so stored rows keep their ids);
 * the next are `fp-…#2`, `#3`, …. Before, they had one id and the pull stored only the last: a real
 * purchase lost. The holder's count of them is taken as it says: a numbered one it no longer lists
 * in the account's window is removed (`store-pull.ts`), so one transaction a holder listed twice
 * (its pages moving while they were read) is one row again at the next refresh. A transaction
 * with a transactionId keeps it as it is.
 */
export function mapCdsTransactions(
  transactions: readonly CdsTransaction[],
  pulledAt: Date = new Date(),
): SourcedTransaction[] {
  const seen = new Map<string, number>();
  return transactions.map((transaction) => {
    const mapped = mapCdsTransaction(transaction, pulledAt);
    if (transaction.transactionId) return mapped;
    const occurrence = (seen.get(mapped.externalId) ?? 0) + 1;
    seen.set(mapped.externalId, occurrence);
    return occurrence === 1 ? mapped : { ...mapped, externalId: `${mapped.externalId}#${occurrence}` };
  });
}

/** A numbered fingerprint (`mapCdsTransactions`): the second or a later of identical transactions. */
export const numberedFingerprint = /^fp-[0-9a-f]{32}#[0-9]+$/;
