import type { HolderAccount } from './holder-account.ts';
import { merchants } from './merchants.ts';
import { createSeededRandom } from './seeded-random.ts';
import { cardPurchase, type DayGenerator, type TransactionDraft, transfer } from './transaction-draft.ts';

const dayMs = 86_400_000;

/** Purchases come from their own seed so that the repayment can recount a past month's spend. */
function purchasesOn(account: HolderAccount, date: string): TransactionDraft[] {
  const random = createSeededRandom(`${account.accountId}:${date}:purchases`);
  const drafts: TransactionDraft[] = [];
  const activity = account.profile.activity ?? 1;
  if (random.chance(0.3 * activity)) drafts.push(cardPurchase(random, random.pick(merchants.shopping)));
  if (random.chance(0.3 * activity)) drafts.push(cardPurchase(random, random.pick(merchants.dining)));
  if (random.chance(0.1 * activity)) drafts.push(cardPurchase(random, random.pick(merchants.transport)));
  return drafts;
}

/** What the card was spent in the calendar month before `date`'s: the statement paid on the 14th. */
export function previousMonthSpend(account: HolderAccount, date: string): number {
  const firstOfMonth = Date.parse(`${date.slice(0, 7)}-01T00:00:00Z`);
  let spend = 0;
  for (
    let time = firstOfMonth - dayMs;
    new Date(time).getUTCMonth() === new Date(firstOfMonth - dayMs).getUTCMonth();
    time -= dayMs
  ) {
    for (const draft of purchasesOn(account, new Date(time).toISOString().slice(0, 10)))
      spend -= draft.amountCents;
  }
  return spend;
}

/** Card spending, the statement paid in full on the 14th, and interest for those who revolve. */
export const creditCardDay: DayGenerator = ({ account, date, dayOfMonth, random }) => {
  const drafts = purchasesOn(account, date);
  if (dayOfMonth === 14) {
    drafts.push({
      ...transfer('TRANSFER_INCOMING', 'PAYMENT RECEIVED THANK YOU', previousMonthSpend(account, date)),
      type: 'PAYMENT',
    });
  }
  if (dayOfMonth === 28 && account.profile.overdraws) {
    const interest = Math.round((-account.openingBalanceCents * 0.1349) / 12);
    drafts.push({
      type: 'INTEREST_CHARGED',
      description: 'INTEREST CHARGED ON PURCHASES',
      amountCents: -interest,
      postingLagDays: 0,
    });
  }
  if (dayOfMonth === 28 && account.profile.overdraws && random.chance(0.3)) {
    drafts.push({ type: 'FEE', description: 'LATE PAYMENT FEE', amountCents: -2000, postingLagDays: 0 });
  }
  return drafts;
};
