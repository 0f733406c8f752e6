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
  /** The date as a day number (`daysBetween` from 1970-01-01); NaN when it cannot be read. */
  day: number;
}

interface Rule {
  /**
   * What a hold and a payment must have in common to pair (besides being dated within a week of
   * each other): the same key; undefined when the side pairs with nothing under this rule.
   */
  key(side: Side): string | undefined;
  /** Whether the key holds the description: every pair of this rule then has one in common. */
  byDescription: boolean;
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
    key: (side) => `${side.cents} ${side.description}`,
    byDescription: true,
    unambiguous: false,
    insideWindow: false,
    undescribedOnly: false,
  },
  {
    key: (side) => (side.description === '' ? undefined : `${Math.sign(side.cents)} ${side.description}`),
    byDescription: true,
    unambiguous: true,
    insideWindow: true,
    undescribedOnly: false,
  },
  {
    // No pair of it has a description in common: that pair was the first rule's, which marked both.
    key: (side) => `${side.cents}`,
    byDescription: false,
    unambiguous: false,
    insideWindow: false,
    undescribedOnly: true,
  },
];

/** A description as compared across pending and posted: case and runs of spaces do not count. */
export function comparableDescription(description: string): string {
  return description.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** The work a match did, for tests: one step per index lookup and per candidate passed over. */
export interface MatchMeter {
  steps: number;
}

interface Hold {
  id: number;
  side: Side;
}

interface Payment {
  externalId: string;
  order: number;
  side: Side;
}

/**
 * Which pending transaction each posted one was, dated within a week of each other: answers the
 * posted transaction's id by the pending row's id. All of one account: `windowStart` is the first
 * day of that account's own window (`storePull`; before 2026-12-03 the connection's). Within a rule the closest pairs in date, then in
 * amount, are taken first, whatever order the holder listed them in.
 *
 * Each rule looks its candidates up by what they must share and by day, so the work grows with the
 * transactions, not with their pairs: before 2026-12-04 every hold was compared with every payment
 * and each rule's pairs were all built and sorted, and a holder listing 20,000 of each (a fault, or
 * hostile) held the process for nearly a minute. The matches are the same.
 */
export function matchPostedToPending(
  pending: PendingCandidate[],
  posted: PostedCandidate[],
  windowStart: string,
  meter: MatchMeter = { steps: 0 },
): Map<number, string> {
  const side = (row: { amount: string; transactionDate: string; description: string }): Side => ({
    cents: toCents(row.amount),
    description: comparableDescription(row.description),
    date: row.transactionDate,
    day: daysBetween('1970-01-01', row.transactionDate),
  });
  // By id: within a distance, the hold of the lowest id is served first.
  const holds: Hold[] = pending.map((row) => ({ id: row.id, side: side(row) })).sort((a, b) => a.id - b.id);
  const payments: Payment[] = posted.map((row, order) => ({
    externalId: row.externalId,
    order,
    side: side(row),
  }));
  const matches = new Map<number, string>();
  const taken = new Set<string>();
  // Holds and payments that some rule's pairs found a description in common for.
  const described = { holds: new Set<number>(), payments: new Set<string>() };

  for (const rule of rules) {
    const ruleHolds = holds.filter(
      (hold) =>
        !matches.has(hold.id) &&
        !(rule.insideWindow && hold.side.date <= windowStart) &&
        !(rule.undescribedOnly && described.holds.has(hold.id)),
    );
    const rulePayments = payments.filter(
      (payment) =>
        !taken.has(payment.externalId) &&
        !(rule.undescribedOnly && described.payments.has(payment.externalId)),
    );
    const paymentsByDay = byKeyAndDay(rulePayments, rule, meter);
    if (rule.byDescription || rule.unambiguous) {
      // Each side's pairs under this rule (up to two).
      const holdsByDay = byKeyAndDay(ruleHolds, rule, meter);
      const pairsOfHold = new Map(ruleHolds.map((hold) => [hold, within(paymentsByDay, hold, rule, meter)]));
      const pairsOfPayment = new Map(
        rulePayments.map((payment) => [payment, within(holdsByDay, payment, rule, meter)]),
      );
      if (rule.byDescription) {
        for (const [hold, found] of pairsOfHold) if (found.length > 0) described.holds.add(hold.id);
        for (const [payment, found] of pairsOfPayment)
          if (found.length > 0) described.payments.add(payment.externalId);
      }
      if (rule.unambiguous) {
        // A hold and a payment that are each other's only pair: no other pair can take either.
        for (const [hold, [payment, ...others]] of pairsOfHold) {
          if (payment === undefined || others.length > 0 || pairsOfPayment.get(payment)?.length !== 1)
            continue;
          matches.set(hold.id, payment.externalId);
          taken.add(payment.externalId);
        }
        continue;
      }
    }
    // Every pair of such a rule shares the amount: the closest in date first, then the hold of the
    // lowest id, then the payment the holder listed first.
    for (let distance = 0; distance <= pendingMatchDays; distance += 1) {
      for (const hold of ruleHolds) {
        if (matches.has(hold.id)) continue;
        const key = rule.key(hold.side);
        if (key === undefined) continue;
        const before = firstUntaken(paymentsByDay, hold.side.day - distance, key, taken, meter);
        const after =
          distance === 0
            ? undefined
            : firstUntaken(paymentsByDay, hold.side.day + distance, key, taken, meter);
        const payment = before && after ? (before.order < after.order ? before : after) : (before ?? after);
        if (!payment) continue;
        matches.set(hold.id, payment.externalId);
        taken.add(payment.externalId);
      }
    }
  }
  return matches;
}

/** Candidates of one rule by its key and their day, each list in its given order, with how far it was taken. */
type DayIndex<T> = Map<string, { items: T[]; next: number }>;

function byKeyAndDay<T extends { side: Side }>(items: T[], rule: Rule, meter: MatchMeter): DayIndex<T> {
  const index: DayIndex<T> = new Map();
  for (const item of items) {
    meter.steps += 1;
    const key = rule.key(item.side);
    if (key === undefined || Number.isNaN(item.side.day)) continue;
    const slot = `${item.side.day} ${key}`;
    const entry = index.get(slot);
    if (entry) entry.items.push(item);
    else index.set(slot, { items: [item], next: 0 });
  }
  return index;
}

/**
 * The candidates another side pairs with under the rule (its key, a week either way), up to two:
 * whether it has none, one (which) or more is all a rule asks.
 */
function within<T>(index: DayIndex<T>, other: { side: Side }, rule: Rule, meter: MatchMeter): T[] {
  const key = rule.key(other.side);
  const found: T[] = [];
  if (key === undefined) return found;
  for (let offset = -pendingMatchDays; offset <= pendingMatchDays && found.length < 2; offset += 1) {
    meter.steps += 1;
    const items = index.get(`${other.side.day + offset} ${key}`)?.items ?? [];
    found.push(...items.slice(0, 2 - found.length));
  }
  return found;
}

/** The first payment of a day and key not yet taken: those taken are passed over once, for good. */
function firstUntaken(
  index: DayIndex<Payment>,
  day: number,
  key: string,
  taken: Set<string>,
  meter: MatchMeter,
): Payment | undefined {
  meter.steps += 1;
  const entry = index.get(`${day} ${key}`);
  if (!entry) return undefined;
  while (entry.next < entry.items.length) {
    const payment = entry.items[entry.next];
    if (payment && !taken.has(payment.externalId)) return payment;
    meter.steps += 1;
    entry.next += 1;
  }
  return undefined;
}
