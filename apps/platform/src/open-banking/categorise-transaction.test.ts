import { describe, expect, it } from 'vitest';
import { categoryIdByKey } from '../aggregation/transaction-category-catalogue.ts';
import { categoriseTransaction } from './categorise-transaction.ts';

const bank = { container: 'bank' };
const card = { container: 'credit_card' };
const loan = { container: 'loan' };

function categorise(amount: string, description: string, account = bank, merchantCategoryCode?: string) {
  const result = categoriseTransaction(
    { amount, description, merchantCategoryCode: merchantCategoryCode ?? null },
    account,
  );
  const key = Object.entries(categoryIdByKey).find(([, id]) => id === result.categoryId)?.[0];
  return { key, budget: result.budgetCategory, included: result.included };
}

describe('categoriseTransaction', () => {
  it('takes the merchant category code first, then the words', () => {
    expect(categorise('-190.24', 'BUNNINGS WAREHOUSE CARD PURCHASE', card, '5200')).toEqual({
      key: 'SHOPPING',
      budget: 'lifestyle',
      included: true,
    });
    expect(categorise('-82.10', 'WOOLWORTHS 1234 SYDNEY')).toMatchObject({
      key: 'GROCERIES',
      budget: 'living',
    });
    expect(categorise('3350.17', 'SALARY WOOLWORTHS GROUP')).toMatchObject({
      key: 'SALARY',
      budget: 'income',
    });
    expect(categorise('-3015.15', 'HOME LOAN REPAYMENT')).toMatchObject({ key: 'MORTGAGE', included: true });
  });

  it('counts a move between own accounts once, where the money left the everyday account', () => {
    expect(categorise('-837.54', 'TRANSFER TO BONUS SAVER')).toEqual({
      key: 'SAVINGS_TRANSFER',
      budget: 'goals',
      included: true,
    });
    expect(categorise('837.54', 'TRANSFER FROM EVERYDAY')).toMatchObject({
      key: 'TRANSFER',
      included: false,
    });
    expect(categorise('-400.00', 'TRANSFER TO EVERYDAY')).toMatchObject({ key: 'TRANSFER', included: false });
    expect(categorise('4552.81', 'LOAN REPAYMENT', loan)).toMatchObject({ key: 'TRANSFER', included: false });
    // The card's purchases are the spending; paying its statement from the everyday account is not.
    expect(categorise('-612.40', 'CREDIT CARD PAYMENT')).toMatchObject({ key: 'TRANSFER', included: false });
    expect(categorise('182.15', 'PAYMENT RECEIVED THANK YOU', card)).toMatchObject({
      key: 'TRANSFER',
      included: false,
    });
    // A refund from a merchant is still the merchant's category, netting the purchase.
    expect(categorise('45.00', 'KMART REFUND', card, '5311')).toMatchObject({
      key: 'SHOPPING',
      included: true,
    });
  });

  it('nets a refund into a card or loan without a merchant category code in its purchase’s category', () => {
    // A file's rows carry no code, and CDS gives one on purchases only.
    expect(categorise('45.00', 'WOOLWORTHS 1234 SYDNEY', card)).toEqual({
      key: 'GROCERIES',
      budget: 'living',
      included: true,
    });
    expect(categorise('19.99', 'REFUND 884213', card)).toMatchObject({
      key: 'UNCATEGORISED',
      included: true,
    });
    expect(categorise('5.00', 'FEE REVERSAL', loan)).toMatchObject({ key: 'FEES', included: true });
    // Interest given back nets the interest charged: a card's counted, a loan's not, as the charge.
    expect(categorise('12.40', 'INTEREST REVERSAL', card)).toMatchObject({ key: 'FEES', included: true });
    expect(categorise('12.40', 'INTEREST REVERSAL', loan)).toMatchObject({ key: 'FEES', included: false });
    // A repayment stays one, whatever else its description names.
    expect(categorise('300.00', 'BPAY WOOLWORTHS CARD', card)).toMatchObject({
      key: 'TRANSFER',
      included: false,
    });
    expect(categorise('3015.15', 'HOME LOAN', loan)).toMatchObject({ key: 'TRANSFER', included: false });
    expect(categorise('50.00', 'DEPOSIT', card)).toMatchObject({ key: 'TRANSFER', included: false });
  });

  it('makes no refund or reversal into a bank account income', () => {
    // A file's rows carry no merchant category code: before 2026-12-03 these were other income.
    expect(categorise('120.00', 'REFUND JB HI-FI')).toEqual({
      key: 'UNCATEGORISED',
      budget: 'one_off',
      included: true,
    });
    expect(categorise('64.00', 'DIRECT CREDIT REVERSAL 55123')).toMatchObject({ key: 'UNCATEGORISED' });
    // One that names its merchant nets the purchase there, as before.
    expect(categorise('82.10', 'WOOLWORTHS REFUND')).toMatchObject({ key: 'GROCERIES', included: true });
    // Interest given back nets the interest charged, as on a card.
    expect(categorise('12.40', 'INTEREST REVERSAL')).toMatchObject({ key: 'FEES', included: true });
    // A card credit with a code no category knows, as one without a code.
    expect(categorise('19.99', 'REFUND 884213', card, '5999')).toMatchObject({ key: 'UNCATEGORISED' });
    // Income and moves between own accounts stay what they were.
    expect(categorise('3350.17', 'SALARY WOOLWORTHS GROUP')).toMatchObject({ key: 'SALARY' });
    expect(categorise('50.00', 'DEPOSIT')).toMatchObject({ key: 'OTHER_INCOME' });
    expect(categorise('200.00', 'TRANSFER FROM SAVINGS REFUND')).toMatchObject({
      key: 'TRANSFER',
      included: false,
    });
    // Money out with the words is not given back: a debit stays as it was.
    expect(categorise('-120.00', 'REFUND JB HI-FI')).toMatchObject({ key: 'UNCATEGORISED' });
  });

  it('never makes money out income', () => {
    expect(categorise('-31.20', 'INTEREST CHARGED ON PURCHASES', card)).toEqual({
      key: 'FEES',
      budget: 'one_off',
      included: true,
    });
    // A loan's interest is paid through the repayment, which is counted already.
    expect(categorise('-188.19', 'INTEREST CHARGED', loan)).toMatchObject({ key: 'FEES', included: false });
    expect(categorise('-1800.00', 'WAGES J SMITH')).toMatchObject({ key: 'UNCATEGORISED', included: true });
    expect(categorise('12.40', 'BONUS INTEREST')).toMatchObject({ key: 'INTEREST_INCOME', budget: 'income' });
  });

  it('treats cash as spending and an unknown credit as other income', () => {
    expect(categorise('-120.00', 'ATM WITHDRAWAL')).toEqual({
      key: 'CASH',
      budget: 'one_off',
      included: true,
    });
    expect(categorise('50.00', 'DEPOSIT')).toMatchObject({ key: 'OTHER_INCOME', budget: 'income' });
  });

  it('reads a long description of many “to”s in one pass', () => {
    // `to [a-z ]*saver` was tried again from each "to": this took seconds before 2026-12-02.
    expect(categorise('-1.00', 'to '.repeat(50_000))).toMatchObject({ key: 'UNCATEGORISED' });
    expect(categorise('-1.00', `${'to '.repeat(50_000)}my bonus saver`)).toMatchObject({
      key: 'SAVINGS_TRANSFER',
    });
  }, 2_000);
});
