import type { HolderAccount } from '../data/holder-account.ts';
import { formatAmount } from './amount-string.ts';

/** BankingAccountV3 (the account list). */
export function toCdsAccount(account: HolderAccount) {
  return {
    accountId: account.accountId,
    creationDate: account.creationDate,
    displayName: account.displayName,
    ...(account.nickname ? { nickname: account.nickname } : {}),
    openStatus: account.openStatus,
    isOwned: account.isOwned,
    accountOwnership: account.accountOwnership,
    maskedNumber: account.maskedNumber,
    productCategory: account.definition.category,
    productName: account.productName,
  };
}

function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + months, day)).toISOString().slice(0, 10);
}

function nextMonthOn(now: Date, day: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}

/** BankingAccountDetailV5: the list shape plus numbers, rates and the product-specific part. */
export function toCdsAccountDetail(account: HolderAccount, now: Date) {
  const { definition } = account;
  const detail: Record<string, unknown> = {
    ...toCdsAccount(account),
    bsb: account.bsb.replace('-', ''),
    accountNumber: account.accountNumber,
    ...(definition.depositRate ? { depositRate: definition.depositRate } : {}),
    ...(definition.lendingRate ? { lendingRate: definition.lendingRate } : {}),
  };
  if (definition.specificAccountUType === 'termDeposit') {
    const lodgementDate = addMonths(now.toISOString().slice(0, 10), -4);
    const maturityAmount = Math.round(account.openingBalanceCents * (1 + Number(definition.depositRate)));
    detail.specificAccountUType = 'termDeposit';
    detail.termDeposit = [
      {
        lodgementDate,
        maturityDate: addMonths(lodgementDate, 12),
        maturityAmount: formatAmount(maturityAmount),
        maturityCurrency: 'AUD',
        maturityInstructions: 'ROLLED_OVER',
      },
    ];
  }
  if (definition.specificAccountUType === 'creditCard') {
    const due = Math.round(-account.openingBalanceCents);
    detail.specificAccountUType = 'creditCard';
    detail.creditCard = {
      minPaymentAmount: formatAmount(Math.max(2_500, Math.round(due * 0.02))),
      paymentDueAmount: formatAmount(due),
      paymentCurrency: 'AUD',
      paymentDueDate: nextMonthOn(now, 14),
    };
  }
  if (definition.specificAccountUType === 'loan') {
    detail.specificAccountUType = 'loan';
    detail.loan = {
      originalStartDate: account.creationDate,
      originalLoanAmount: formatAmount(account.originalAmountCents),
      originalLoanCurrency: 'AUD',
      loanEndDate: addMonths(
        account.creationDate,
        account.kind === 'mortgage' || account.kind === 'fixed_mortgage' ? 360 : 84,
      ),
      nextInstalmentDate: nextMonthOn(now, 1),
      minInstalmentAmount: formatAmount(account.repaymentCents),
      minInstalmentCurrency: 'AUD',
      offsetAccountEnabled: account.profile.accounts.some((plan) => plan.kind === 'offset'),
      repaymentType: 'PRINCIPAL_AND_INTEREST',
      repaymentFrequency: 'P1M',
    };
  }
  return detail;
}
