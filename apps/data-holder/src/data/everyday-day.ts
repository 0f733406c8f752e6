import { previousMonthSpend } from './credit-card-day.ts';
import { billers, merchants, subscriptions } from './merchants.ts';
import { stableHash } from './seeded-random.ts';
import { cardPurchase, type DayGenerator, type TransactionDraft, transfer } from './transaction-draft.ts';

function customerOffset(customerKey: string, modulo: number): number {
  return Number.parseInt(stableHash(customerKey, 6), 16) % modulo;
}

/**
 * A person's everyday account: fortnightly pay, rent or mortgage, groceries, bills, subscriptions,
 * transfers to savings, and for some the BNPL instalments, betting and dishonour fees advisers look for.
 */
export const everydayDay: DayGenerator = ({ account, date, dayNumber, dayOfMonth, month, random }) => {
  const { profile } = account;
  const key = `${account.bankId}:${profile.customerId}`;
  const pay = profile.salaryCents;
  const scale = (pay / 300_000) * 0.85;
  const drafts: TransactionDraft[] = [];
  const push = (draft: TransactionDraft) => drafts.push(draft);

  if ((dayNumber + customerOffset(key, 14)) % 14 === 0) {
    push(transfer('TRANSFER_INCOMING', `SALARY ${profile.employer.toUpperCase()}`, pay));
  }
  if (profile.housing === 'rent' && (dayNumber + customerOffset(key, 7)) % 7 === 0) {
    push(transfer('TRANSFER_OUTGOING', 'RENT PAYMENT RAY WHITE REAL ESTATE', Math.round(pay * 0.22)));
  }
  if (profile.housing === 'mortgage' && dayOfMonth === 1) {
    const repayment = account.homeLoanRepaymentCents ?? Math.round(pay * 0.9);
    push(transfer('TRANSFER_OUTGOING', 'HOME LOAN REPAYMENT', repayment));
  }
  if (dayOfMonth === 14 && account.paysCard) {
    const statement = previousMonthSpend(account.paysCard, date);
    if (statement > 0) push(transfer('TRANSFER_OUTGOING', 'CREDIT CARD PAYMENT', statement));
  }
  if (dayOfMonth === 2 && profile.accounts.some((plan) => plan.kind === 'savings')) {
    push(transfer('TRANSFER_OUTGOING', 'TRANSFER TO BONUS SAVER', Math.round(pay * 0.25)));
  }
  billers.forEach((biller, index) => {
    const quarterly = biller.name === 'Sydney Water';
    if (dayOfMonth !== 4 + index * 6 || (quarterly && month % 3 !== 0)) return;
    push({
      type: 'DIRECT_DEBIT',
      description: `${biller.name.toUpperCase()} DIRECT DEBIT`,
      amountCents: -random.int(biller.minCents, biller.maxCents),
      postingLagDays: 0,
      billerCode: biller.billerCode,
      billerName: biller.name,
      crn: stableHash(`${key}:${biller.name}`, 10).toUpperCase(),
    });
  });
  subscriptions.forEach((subscription, index) => {
    if (customerOffset(`${key}:${subscription.name}`, 3) === 0 || dayOfMonth !== 7 + index * 3) return;
    push(
      cardPurchase(random, { ...subscription, minCents: subscription.cents, maxCents: subscription.cents }),
    );
  });
  const activity = profile.activity ?? 1;
  if (random.chance(0.45 * activity))
    push(cardPurchase(random, scaled(random.pick(merchants.groceries), scale)));
  if (random.chance(0.5 * activity)) push(cardPurchase(random, scaled(random.pick(merchants.dining), scale)));
  if (random.chance(0.15 * activity)) push(cardPurchase(random, scaled(random.pick(merchants.fuel), scale)));
  if (random.chance(0.12 * activity))
    push(cardPurchase(random, scaled(random.pick(merchants.shopping), scale)));
  if (random.chance(0.3 * activity)) push(cardPurchase(random, random.pick(merchants.transport)));
  if (random.chance(0.05))
    push({ ...transfer('TRANSFER_OUTGOING', 'ATM WITHDRAWAL', random.int(1, 10) * 2000), type: 'OTHER' });
  if (profile.usesBuyNowPayLater && (dayNumber + 3) % 14 === 0) {
    push({
      type: 'DIRECT_DEBIT',
      description: 'AFTERPAY INSTALMENT',
      amountCents: -random.int(2500, 8000),
      postingLagDays: 0,
      merchantName: 'Afterpay',
    });
  }
  if (profile.usesBuyNowPayLater && dayOfMonth === 15) {
    push({
      type: 'DIRECT_DEBIT',
      description: 'ZIP PAY REPAYMENT',
      amountCents: -random.int(4000, 12000),
      postingLagDays: 0,
      merchantName: 'Zip',
    });
  }
  if (profile.gambles && random.chance(0.12)) push(cardPurchase(random, random.pick(merchants.gambling)));
  if (profile.gambles && random.chance(0.02))
    push(transfer('TRANSFER_INCOMING', 'SPORTSBET WITHDRAWAL', random.int(5000, 60000)));
  if (profile.overdraws && random.chance(0.02)) {
    push({ type: 'FEE', description: 'DISHONOUR FEE', amountCents: -1500, postingLagDays: 0 });
  }
  return drafts;
};

function scaled<T extends { minCents: number; maxCents: number }>(merchant: T, scale: number): T {
  return {
    ...merchant,
    minCents: Math.round(merchant.minCents * scale),
    maxCents: Math.round(merchant.maxCents * scale),
  };
}
