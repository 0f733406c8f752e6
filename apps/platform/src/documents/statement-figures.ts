import type { DocumentTransaction } from './document-data.ts';

export interface StatementLine {
  transaction: DocumentTransaction;
  /** The account's balance just after this transaction. */
  balanceCents: number;
}

export interface StatementFigures {
  openingCents: number;
  closingCents: number;
  creditsCents: number;
  debitsCents: number;
  lines: StatementLine[];
}

/**
 * One account's statement from its transactions of the period (date then id order) and its
 * balance at the period's end: the opening balance is the closing balance less the period's net,
 * and each line's running balance adds its amount, so the last line lands on the closing balance.
 */
export function statementFigures(
  transactions: readonly DocumentTransaction[],
  closingCents: number,
): StatementFigures {
  let creditsCents = 0;
  let debitsCents = 0;
  for (const transaction of transactions) {
    if (transaction.cents >= 0) creditsCents += transaction.cents;
    else debitsCents += transaction.cents;
  }
  const openingCents = closingCents - creditsCents - debitsCents;
  let balance = openingCents;
  const lines = transactions.map((transaction) => {
    balance += transaction.cents;
    return { transaction, balanceCents: balance };
  });
  return { openingCents, closingCents, creditsCents, debitsCents, lines };
}

/** Running balances of many accounts' transactions, each walked from its own closing balance. */
export function runningBalances(
  transactions: readonly DocumentTransaction[],
  closingByAccount: ReadonlyMap<number, number>,
): Map<number, number> {
  const byAccount = new Map<number, DocumentTransaction[]>();
  for (const transaction of transactions) {
    // Appended in place: copying the account's list for each one (before 2026-11-30) took time in
    // the square of its length, seconds of the event loop for a 100,000-transaction spreadsheet.
    const items = byAccount.get(transaction.accountId);
    if (items) items.push(transaction);
    else byAccount.set(transaction.accountId, [transaction]);
  }
  const balances = new Map<number, number>();
  for (const [accountId, items] of byAccount) {
    const closing = closingByAccount.get(accountId);
    if (closing === undefined) continue;
    for (const line of statementFigures(items, closing).lines)
      balances.set(line.transaction.id, line.balanceCents);
  }
  return balances;
}
