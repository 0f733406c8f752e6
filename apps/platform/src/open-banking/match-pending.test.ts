import { describe, expect, it } from 'vitest';
import { daysBetween } from '../aggregation/calendar-date.ts';
import { toCents } from '../aggregation/cents.ts';
import {
  comparableDescription,
  type MatchMeter,
  matchPostedToPending,
  type PendingCandidate,
  type PostedCandidate,
  pendingMatchDays,
} from './match-pending.ts';

const windowStart = '2026-11-01';
let nextId = 1;
const hold = (amount: string, description: string, transactionDate = '2026-11-18') => ({
  id: nextId++,
  amount,
  description,
  transactionDate,
});
const payment = (
  externalId: string,
  amount: string,
  description: string,
  transactionDate = '2026-11-19',
) => ({
  externalId,
  amount,
  description,
  transactionDate,
});

describe('matchPostedToPending', () => {
  it('pairs a payment with its hold by amount, or by description when the amount changed', () => {
    const same = hold('-20.00', 'CORNER STORE');
    const tipped = hold('-50.00', 'THE LOCAL  CAFE');
    const matches = matchPostedToPending(
      [same, tipped],
      [payment('p-same', '-20.00', 'CORNER STORE PTY LTD'), payment('p-tip', '-57.50', 'The Local Cafe')],
      windowStart,
    );
    expect(matches).toEqual(
      new Map([
        [same.id, 'p-same'],
        [tipped.id, 'p-tip'],
      ]),
    );
  });

  it('prefers a hold of the payment’s description to a cancelled one of its amount', () => {
    // A cancelled petrol hold of what the café's payment came to with its tip.
    const petrol = hold('-57.50', 'PETROL');
    const cafe = hold('-50.00', 'CAFE');
    const matches = matchPostedToPending([petrol, cafe], [payment('p-cafe', '-57.50', 'CAFE')], windowStart);
    expect(matches).toEqual(new Map([[cafe.id, 'p-cafe']]));
  });

  it('leaves money in, a week apart, and holds before the window out of a match by description', () => {
    const matches = matchPostedToPending(
      [
        hold('-30.00', 'HARDWARE'),
        hold('-12.00', 'NEWSAGENT', '2026-11-05'),
        hold('-9.00', 'BAKERY', '2026-10-30'),
      ],
      [
        payment('refund', '30.00', 'HARDWARE'),
        payment('late', '-15.00', 'NEWSAGENT'),
        payment('early', '-10.00', 'BAKERY', '2026-11-02'),
      ],
      windowStart,
    );
    expect(matches.size).toBe(0);
  });

  it('matches by description only where one hold and one payment could pair', () => {
    const first = hold('-20.00', 'RIDESHARE', '2026-11-17');
    const second = hold('-25.00', 'RIDESHARE', '2026-11-18');
    const twoHolds = matchPostedToPending(
      [first, second],
      [payment('ride', '-31.00', 'RIDESHARE')],
      windowStart,
    );
    expect(twoHolds.size).toBe(0);
    const twoPayments = matchPostedToPending(
      [first],
      [payment('ride-1', '-31.00', 'RIDESHARE'), payment('ride-2', '-22.00', 'RIDESHARE')],
      windowStart,
    );
    expect(twoPayments.size).toBe(0);
    // Nor does a cancelled hold of another merchant take the payment by its amount.
    const petrol = hold('-31.00', 'PETROL');
    expect(
      matchPostedToPending([first, second, petrol], [payment('ride', '-31.00', 'RIDESHARE')], windowStart)
        .size,
    ).toBe(0);
    // The amount still decides between two holds, as it did before descriptions counted.
    const byAmount = matchPostedToPending(
      [first, second],
      [payment('ride', '-25.00', 'RIDESHARE')],
      windowStart,
    );
    expect(byAmount).toEqual(new Map([[second.id, 'ride']]));
  });

  it('takes the closest pairs first, in date and then amount, whatever order the holder listed them in', () => {
    const early = hold('-40.00', 'GROCER', '2026-11-12');
    const late = hold('-40.00', 'GROCER', '2026-11-18');
    const payments = [payment('p-12', '-40.00', 'GROCER', '2026-11-13'), payment('p-18', '-40.00', 'GROCER')];
    const expected = new Map([
      [late.id, 'p-18'],
      [early.id, 'p-12'],
    ]);
    expect(matchPostedToPending([early, late], payments, windowStart)).toEqual(expected);
    expect(matchPostedToPending([late, early], [...payments].reverse(), windowStart)).toEqual(expected);
  });

  it('takes a hold of the window’s first day as outside it, which the holder may leave out by its time', () => {
    // Before 2026-12-03 it was inside: a payment of its description took it, whatever the amount.
    const firstDay = hold('-9.00', 'BAKERY', windowStart);
    expect(
      matchPostedToPending([firstDay], [payment('p', '-11.00', 'BAKERY', '2026-11-02')], windowStart).size,
    ).toBe(0);
    const nextDay = hold('-9.00', 'BAKERY', '2026-11-02');
    expect(
      matchPostedToPending([nextDay], [payment('p', '-11.00', 'BAKERY', '2026-11-02')], windowStart),
    ).toEqual(new Map([[nextDay.id, 'p']]));
  });

  it('matches a hold older than the window by its amount only', () => {
    const old = hold('-9.00', 'BAKERY', '2026-10-30');
    expect(
      matchPostedToPending([old], [payment('p', '-9.00', 'BAKERY PTY', '2026-11-02')], windowStart),
    ).toEqual(new Map([[old.id, 'p']]));
  });
});

describe('matchPostedToPending’s work', () => {
  it('matches as every pair compared and sorted did (before 2026-12-04), over many random accounts', () => {
    const random = seeded(20261204);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const amounts = ['-10.00', '-12.50', '-20.00', '-20', '10.00', '0.00', '-0.00', '-57.50'];
    const descriptions = ['CAFE', 'cafe ', 'PETROL', '', 'RIDESHARE', 'The  Local Cafe', 'THE LOCAL CAFE'];
    const dates = Array.from({ length: 24 }, (_, day) => addDay('2026-10-25', day));
    for (let account = 0; account < 3_000; account += 1) {
      const ids = shuffled(
        Array.from({ length: 10 }, (_, index) => index + 1),
        random,
      );
      const pending = ids.slice(0, Math.floor(random() * 9)).map((id) => ({
        id,
        amount: pick(amounts),
        description: pick(descriptions),
        transactionDate: pick(dates),
      }));
      const posted = Array.from({ length: Math.floor(random() * 9) }, (_, index) => ({
        externalId: `p-${index}`,
        amount: pick(amounts),
        description: pick(descriptions),
        transactionDate: pick(dates),
      }));
      const start = pick(dates);
      expect(matchPostedToPending(pending, posted, start), `account ${account}`).toEqual(
        everyPairMatch(pending, posted, start),
      );
    }
  });

  it('does work in proportion to the transactions, not to their pairs, however alike they are', () => {
    // A holder listing thousands of holds and payments no longer listed: alike in amount,
    // description and date (each hold could be each payment), of one description in many amounts
    // (ambiguous), of many descriptions in 50 amounts, and all different. Compared pair by pair
    // (before 2026-12-04) 4,000 of each took 32 million comparisons, 20,000 of each nearly a minute.
    const work = (size: number) => {
      const quarter = size / 4;
      const pending: PendingCandidate[] = [];
      const posted: PostedCandidate[] = [];
      for (let index = 0; index < size; index += 1) {
        const group = Math.floor(index / quarter);
        const date = addDay('2026-11-10', index % 5);
        const [amount, description] = [
          ['-5.00', 'TRANSPORT NSW OPAL'],
          [`-${(index % 997) + 1}.00`, 'RIDESHARE'],
          [`-${(index % 50) + 1}.00`, `HOLD ${index}`],
          [`-${index + 1}.37`, `ONE-OFF ${index}`],
        ][group] as [string, string];
        pending.push({ id: index + 1, amount, description, transactionDate: date });
        posted.push({
          externalId: `p-${index}`,
          amount: group === 2 ? amount : group === 3 ? `-${index + 1}.38` : amount,
          description: group === 2 ? `PAY ${index}` : group === 3 ? `OTHER ${index}` : description,
          transactionDate: addDay(date, 1),
        });
      }
      const meter: MatchMeter = { steps: 0 };
      const matches = matchPostedToPending(pending, posted, '2026-11-01', meter);
      return { steps: meter.steps, matches, pending, posted };
    };
    const small = work(2_000);
    const large = work(4_000);
    expect(small.matches).toEqual(everyPairMatch(small.pending, small.posted, '2026-11-01'));
    // The alike ones pair off, the ambiguous ones by amount, the 50 amounts among themselves.
    expect(large.matches.size).toBe(3_000);
    expect(large.steps).toBeGreaterThan(0);
    expect(large.steps).toBeLessThanOrEqual(100 * 8_000);
    // Twice the transactions, twice the work (four times, pair by pair).
    expect(large.steps).toBeLessThanOrEqual(2.2 * small.steps);
  });
});

describe('comparableDescription', () => {
  it('ignores case and runs of spaces', () => {
    expect(comparableDescription('  The Local\t Cafe ')).toBe('THE LOCAL CAFE');
  });
});

function addDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A repeatable sequence in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * The matching as it was before 2026-12-04, kept as the reference: every hold compared with every
 * payment under each rule, the pairs built and sorted.
 */
function everyPairMatch(
  pending: PendingCandidate[],
  posted: PostedCandidate[],
  windowStart: string,
): Map<number, string> {
  type Side = { cents: number; description: string; date: string };
  const rules: {
    accepts(pending: Side, posted: Side): boolean;
    unambiguous: boolean;
    insideWindow: boolean;
    undescribedOnly: boolean;
  }[] = [
    {
      accepts: (a, b) => a.cents === b.cents && a.description === b.description,
      unambiguous: false,
      insideWindow: false,
      undescribedOnly: false,
    },
    {
      accepts: (a, b) =>
        a.description !== '' && a.description === b.description && Math.sign(a.cents) === Math.sign(b.cents),
      unambiguous: true,
      insideWindow: true,
      undescribedOnly: false,
    },
    {
      accepts: (a, b) => a.cents === b.cents,
      unambiguous: false,
      insideWindow: false,
      undescribedOnly: true,
    },
  ];
  const side = (row: { amount: string; transactionDate: string; description: string }): Side => ({
    cents: toCents(row.amount),
    description: comparableDescription(row.description),
    date: row.transactionDate,
  });
  const holds = pending.map((row) => ({ id: row.id, side: side(row) }));
  const payments = posted.map((row, order) => ({ externalId: row.externalId, order, side: side(row) }));
  const matches = new Map<number, string>();
  const taken = new Set<string>();
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
    const count = <K>(key: (pair: (typeof pairs)[number]) => K) => {
      const counts = new Map<K, number>();
      for (const pair of pairs) counts.set(key(pair), (counts.get(key(pair)) ?? 0) + 1);
      return counts;
    };
    const ofHold = count((pair) => pair.hold.id);
    const ofPayment = count((pair) => pair.payment.externalId);
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
