import { daysBetween } from '../aggregation/calendar-date.ts';
import { toCents } from '../aggregation/cents.ts';

/** A pending transaction the holder no longer lists: posted under a new id, or cancelled. */
export interface PendingCandidate {
  id: number;
  amount: string;
  transactionDate: string;
  description: string;
}

/** A posted transaction the platform does not know. */
export interface PostedCandidate {
  externalId: string;
  amount: string;
  transactionDate: string;
  description: string;
}

/** How far apart a pending transaction and the posted one it became may be dated. */
export const pendingMatchDays = 7;

interface Side {
  cents: number;
  description: string;
  date: string;
}

interface Rule {
  accepts(pending: Side, posted: Side): boolean;
  /** Matches only a pair that neither side could make with another of this rule. */
  unambiguous: boolean;
  /**
   * Considers only pending transactions dated inside the account's window: after its first day, which
   * the holder reads from an instant on (a hold of that day before then is left out by its time).
   */
  insideWindow: boolean;
  /**
   * Leaves out holds and payments that could pair by description under an earlier rule: one that
   * rule held back as ambiguous must not fall to a hold of another description by its amount.
   */
  undescribedOnly: boolean;
}

/**
 * Rules in turn, each over what the ones before left. Same amount and description first; then the
 * same description and direction, for a payment whose amount changed as it posted (a tip added, a
 * fuel or hotel hold settled for less), but only where one hold and one payment of that description
 * could pair; then the same amount (a description the holder reworded as it posted), among holds
 * and payments that could not pair by description (a payment two holds of its merchant could be is
 * not given a third, cancelled one of its amount). A hold older than the window (or of its first
 * day: before 2026-12-03 that day counted as inside) is missing from the pull because of its date,
 * not because it posted, so only the amount may match it, as before.
 */
const rules: Rule[] = [
  {
    accepts: (pending, posted) =>
      pending.cents === posted.cents && pending.description === posted.description,
    unambiguous: false,
    insideWindow: false,
    undescribedOnly: false,
  },
  {
    accepts: (pending, posted) =>
      pending.description !== '' &&
      pending.description === posted.description &&
      Math.sign(pending.cents) === Math.sign(posted.cents),
    unambiguous: true,
    insideWindow: true,
    undescribedOnly: false,
  },
  {
    accepts: (pending, posted) => pending.cents === posted.cents,
    unambiguous: false,
    insideWindow: false,
    undescribedOnly: true,
  },
];

/** A description as compared across pending and posted: case and runs of spaces do not count. */
export function comparableDescription(description: string): string {
  return description.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Which pending transaction each posted one was, dated within a week of each other: answers the
 * posted transaction's id by the pending row's id. All of one account: `windowStart` is the first
 * day of that account's own window (`storePull`; before 2026-12-03 the connection's). Within a rule the closest pairs in date, then in
 * amount, are taken first, whatever order the holder listed them in.
 */
export function matchPostedToPending(
  pending: PendingCandidate[],
  posted: PostedCandidate[],
  windowStart: string,
): Map<number, string> {
  const side = (row: { amount: string; transactionDate: string; description: string }): Side => ({
    cents: toCents(row.amount),
    description: comparableDescription(row.description),
    date: row.transactionDate,
  });
  const holds = pending.map((row) => ({ id: row.id, side: side(row) }));
  const payments = posted.map((row, order) => ({ externalId: row.externalId, order, side: side(row) }));
  const matches = new Map<number, string>();
  const taken = new Set<string>();
  // Holds and payments that some rule's pairs found a description in common for.
  const described = { holds: new Set<number>(), payments: new Set<string>() };

  for (const rule of rules) {
    const pairs: {
      hold: (typeof holds)[number];
      payment: (typeof payments)[number];
      distance: number;
      difference: number;
    }[] = [];
    for (const hold of holds) {
      if (matches.has(hold.id) || (rule.insideWindow && hold.side.date <= windowStart)) continue;
      if (rule.undescribedOnly && described.holds.has(hold.id)) continue;
      for (const payment of payments) {
        if (taken.has(payment.externalId) || !rule.accepts(hold.side, payment.side)) continue;
        if (rule.undescribedOnly && described.payments.has(payment.externalId)) continue;
        const distance = Math.abs(daysBetween(hold.side.date, payment.side.date));
        if (distance > pendingMatchDays) continue;
        pairs.push({ hold, payment, distance, difference: Math.abs(hold.side.cents - payment.side.cents) });
        if (hold.side.description === payment.side.description) {
          described.holds.add(hold.id);
          described.payments.add(payment.externalId);
        }
      }
    }
    const ofHold = countBy(pairs, (pair) => pair.hold.id);
    const ofPayment = countBy(pairs, (pair) => pair.payment.externalId);
    pairs.sort(
      (a, b) =>
        a.distance - b.distance ||
        a.difference - b.difference ||
        a.hold.id - b.hold.id ||
        a.payment.order - b.payment.order,
    );
    for (const { hold, payment } of pairs) {
      if (matches.has(hold.id) || taken.has(payment.externalId)) continue;
      if (rule.unambiguous && (ofHold.get(hold.id) !== 1 || ofPayment.get(payment.externalId) !== 1))
        continue;
      matches.set(hold.id, payment.externalId);
      taken.add(payment.externalId);
    }
  }
  return matches;
}

function countBy<T, K>(items: T[], key: (item: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
