import { describe, expect, it } from 'vitest';
import { banks } from './banks.ts';
import { getCustomerProfile } from './customer-profile.ts';
import { generateAccounts } from './generate-accounts.ts';
import { generateLedger, historyStart } from './generate-ledger.ts';

const [bank] = banks;
if (!bank) throw new Error('no banks');

describe('generateLedger', () => {
  const [everyday] = generateAccounts(bank, getCustomerProfile(bank.id, 'priya-sharma'));
  if (!everyday) throw new Error('no account');

  it('keeps a day’s transactions, ids included, when the window moves on', () => {
    const day = '2026-06-15';
    const onDay = (now: Date) =>
      generateLedger(everyday, now).filter((entry) =>
        new Date(entry.executedAt + 10 * 3_600_000).toISOString().startsWith(day),
      );
    const earlier = onDay(new Date('2026-11-20T03:00:00Z'));
    expect(earlier.length).toBeGreaterThan(0);
    expect(onDay(new Date('2027-01-05T03:00:00Z'))).toEqual(earlier);
  });

  it('covers 12 to 24 months and nothing after today', () => {
    const now = new Date('2026-11-20T03:00:00Z');
    const ledger = generateLedger(everyday, now);
    const months = (now.getTime() - historyStart(everyday, now)) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThanOrEqual(11.9);
    expect(months).toBeLessThanOrEqual(24.1);
    expect(Math.max(...ledger.map((entry) => entry.executedAt))).toBeLessThan(
      Date.parse('2026-11-21T00:00:00Z'),
    );
  });

  it('gives a closed account no activity in its last six months', () => {
    const james = generateAccounts(bank, getCustomerProfile(bank.id, 'james-oconnor'));
    const closed = james.find((account) => account.openStatus === 'CLOSED');
    if (!closed) throw new Error('no closed account');
    const now = new Date('2026-11-20T03:00:00Z');
    const latest = Math.max(...generateLedger(closed, now).map((entry) => entry.executedAt));
    expect(latest).toBeLessThan(now.getTime() - 180 * 86_400_000);
  });

  it('pays a home loan from the everyday account, to the cent, out of what the customer earns', () => {
    const james = generateAccounts(bank, getCustomerProfile(bank.id, 'james-oconnor'));
    const now = new Date('2026-11-20T03:00:00Z');
    const amounts = (kind: string, description: string) =>
      james
        .filter((account) => account.kind === kind)
        .flatMap((account) => generateLedger(account, now))
        .filter((entry) => entry.description === description)
        .map((entry) => Math.abs(entry.amountCents));
    const paid = new Set(amounts('everyday', 'HOME LOAN REPAYMENT'));
    const received = new Set(amounts('mortgage', 'LOAN REPAYMENT'));
    expect(paid.size).toBe(1);
    expect(received).toEqual(paid);
    // About 40 % of a month's net pay (two fortnights), never more than it.
    const [repayment = 0] = [...paid];
    const salary = getCustomerProfile(bank.id, 'james-oconnor').salaryCents;
    expect(repayment / (salary * 2.17)).toBeGreaterThan(0.3);
    expect(repayment / (salary * 2.17)).toBeLessThan(0.6);
  });

  it('pays the credit card statement from the everyday account at the same bank, to the cent', () => {
    const james = generateAccounts(bank, getCustomerProfile(bank.id, 'james-oconnor'));
    const now = new Date('2026-11-20T03:00:00Z');
    const byDay = (kind: string, description: string) =>
      new Map(
        james
          .filter((account) => account.kind === kind && account.openStatus === 'OPEN' && account.isOwned)
          .flatMap((account) => generateLedger(account, now))
          .filter((entry) => entry.description === description)
          .map((entry) => [
            new Date(entry.executedAt + 10 * 3_600_000).toISOString().slice(0, 10),
            Math.abs(entry.amountCents),
          ]),
      );
    const paid = byDay('everyday', 'CREDIT CARD PAYMENT');
    const received = byDay('credit_card', 'PAYMENT RECEIVED THANK YOU');
    // Within the card's served history (each account serves its own 12 to 24 months).
    const card = james.find((account) => account.kind === 'credit_card' && account.openStatus === 'OPEN');
    if (!card) throw new Error('no card');
    const cardFrom = new Date(historyStart(card, now)).toISOString().slice(0, 10);
    const served = [...paid].filter(([day]) => day > cardFrom);
    expect(served.length).toBeGreaterThan(10);
    for (const [day, cents] of served) expect(received.get(day), day).toBe(cents);
  });
});
