import { accountKinds } from './account-kinds.ts';
import type { Bank } from './banks.ts';
import type { CustomerProfile } from './customer-profile.ts';
import type { HolderAccount } from './holder-account.ts';
import { createSeededRandom, stableHash } from './seeded-random.ts';

/** Liability accounts start owing this much (cents), so repayments and interest look plausible. */
const openingDebt = {
  credit_card: [80_000, 450_000],
  car_loan: [800_000, 4_500_000],
  personal_loan: [800_000, 2_600_000],
  business_loan: [6_000_000, 18_000_000],
} as const;

function openingBalance(kind: HolderAccount['kind'], random: ReturnType<typeof createSeededRandom>): number {
  if (kind in openingDebt) {
    const [min, max] = openingDebt[kind as keyof typeof openingDebt];
    return -random.int(min, max);
  }
  if (kind === 'term_deposit') return random.int(10, 80) * 100_000;
  if (kind === 'business_transaction') return random.int(2_000_000, 6_000_000);
  return random.int(50_000, 900_000);
}

const isHomeLoan = (kind: HolderAccount['kind']) => kind === 'mortgage' || kind === 'fixed_mortgage';

/** The customer's accounts at one bank: same bank and customer, same accounts, every run. */
export function generateAccounts(bank: Bank, profile: CustomerProfile): HolderAccount[] {
  const accounts = profile.accounts.map((plan, index): HolderAccount => {
    const random = createSeededRandom(`${bank.id}:${profile.customerId}:account:${index}`);
    const definition = accountKinds[plan.kind];
    const accountNumber = String(random.int(10_000_000, 99_999_999));
    const bsb = `${bank.bsbPrefix}-${String(random.int(0, 999)).padStart(3, '0')}`;
    const repaysHome = isHomeLoan(plan.kind);
    const monthlyRate = Number(definition.lendingRate ?? '0') / 12;
    // A home loan is sized to what the customer can repay: about 40 % of their net pay.
    const homeLoanRepayment = Math.round(profile.salaryCents * 0.9);
    const opening = repaysHome
      ? -Math.round(homeLoanRepayment / (monthlyRate + 1 / random.int(240, 360)))
      : openingBalance(plan.kind, random);
    const isLoan = definition.specificAccountUType === 'loan';
    const creditLimitCents = plan.kind === 'credit_card' ? random.int(6, 25) * 100_000 : 0;
    const originalAmountCents = isLoan ? Math.round(-opening * 1.25) : 0;
    const repaymentCents = repaysHome
      ? homeLoanRepayment
      : isLoan
        ? Math.round(-opening * monthlyRate + originalAmountCents / random.int(120, 300))
        : 0;
    return {
      accountId: `acc-${stableHash(`${bank.id}:${profile.customerId}:${index}`)}`,
      bankId: bank.id,
      customerId: profile.customerId,
      kind: plan.kind,
      definition,
      profile,
      productId: `${bank.id}-${plan.kind.replaceAll('_', '-')}`,
      productName: `${bank.productPrefix} ${definition.productName}`,
      displayName: definition.displayName,
      ...(plan.kind === 'savings' && random.chance(0.5) ? { nickname: 'Rainy day' } : {}),
      creationDate: `${random.int(2012, 2023)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      openStatus: plan.openStatus ?? 'OPEN',
      isOwned: plan.isOwned ?? true,
      accountOwnership: plan.ownership ?? 'ONE_PARTY',
      bsb,
      accountNumber,
      maskedNumber: `xxxx xxxx xxxx ${accountNumber.slice(-4)}`,
      historyMonths: plan.kind === 'business_transaction' ? 24 : random.int(12, 24),
      openingBalanceCents: opening,
      creditLimitCents,
      originalAmountCents,
      repaymentCents,
    };
  });
  // The everyday account pays the home loan and the credit card held at the same bank, to the cent.
  const homeLoan = accounts.find((account) => isHomeLoan(account.kind));
  const card = accounts.find((account) => account.kind === 'credit_card' && account.openStatus === 'OPEN');
  return accounts.map((account) =>
    account.kind === 'everyday' && account.openStatus === 'OPEN'
      ? {
          ...account,
          ...(homeLoan ? { homeLoanRepaymentCents: homeLoan.repaymentCents } : {}),
          ...(card ? { paysCard: card } : {}),
        }
      : account,
  );
}
