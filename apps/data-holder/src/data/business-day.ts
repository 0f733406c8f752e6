import { merchants } from './merchants.ts';
import { cardPurchase, type DayGenerator, type TransactionDraft, transfer } from './transaction-draft.ts';

const staff = ['A PATEL', 'J LEE', 'M ROSSI', 'K OKAFOR', 'T NGUYEN', 'R CAMPBELL'];

/**
 * A café roaster's operating account: a dozen or more entries a day (card settlements, customer
 * invoices, supplier payments), fortnightly wages and quarterly BAS, so that two years pass 10,000.
 */
export const businessDay: DayGenerator = ({ account, dayNumber, dayOfMonth, month, random }) => {
  const drafts: TransactionDraft[] = [
    transfer('TRANSFER_INCOMING', 'TYRO SETTLEMENT', random.int(100_000, 240_000)),
  ];
  const invoices = random.int(6, 10);
  for (let index = 0; index < invoices; index += 1) {
    const invoice = random.int(1000, 9999);
    drafts.push(transfer('TRANSFER_INCOMING', `INVOICE ${invoice} PAYMENT`, random.int(4_000, 30_000)));
  }
  const purchases = random.int(4, 7);
  for (let index = 0; index < purchases; index += 1) {
    const supplier = random.pick(merchants.businessSuppliers);
    drafts.push(cardPurchase(random, { ...supplier, minCents: 2_000, maxCents: 70_000 }));
  }
  if (dayNumber % 14 === 3) {
    for (const name of staff)
      drafts.push(transfer('TRANSFER_OUTGOING', `WAGES ${name}`, random.int(150_000, 210_000)));
  }
  if (dayOfMonth === 28 && month % 3 === 1) {
    drafts.push({
      ...transfer('TRANSFER_OUTGOING', 'ATO BAS PAYMENT', random.int(800_000, 1_600_000)),
      type: 'PAYMENT',
      billerCode: '75556',
      billerName: 'ATO',
    });
  }
  if (dayOfMonth === 1)
    drafts.push({ type: 'FEE', description: 'MONTHLY ACCOUNT FEE', amountCents: -1_000, postingLagDays: 0 });
  if (dayOfMonth === 1 && account.profile.accounts.some((plan) => plan.kind === 'business_loan')) {
    drafts.push(transfer('TRANSFER_OUTGOING', 'BUSINESS LOAN REPAYMENT', 300_000));
  }
  return drafts;
};
