import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type ExcelJSModule from 'exceljs';
import { formatCents } from '../aggregation/cents.ts';
import { cutText } from '../aggregation/imported-text.ts';
import type { DocumentAccount, DocumentTransaction } from './document-data.ts';
import { nextTurn, rowsPerTurn } from './event-loop-turns.ts';
import { formatDate, formatSydneyDateTime } from './format-aud.ts';
import type { TenantBranding } from './tenant-branding.ts';

/** exceljs is loaded on the first spreadsheet, not at start-up (it costs a few hundred ms to load). */
const require = createRequire(import.meta.url);
let exceljs: typeof ExcelJSModule | undefined;
function loadExceljs(): typeof ExcelJSModule {
  exceljs ??= require('exceljs') as typeof ExcelJSModule;
  return exceljs;
}

export interface TransactionsSheetFigures {
  count: number;
  creditsCents: number;
  debitsCents: number;
  netCents: number;
  accounts: { account: DocumentAccount; count: number; netCents: number }[];
  categories: { name: string; count: number; netCents: number }[];
}

/** Totals of the spreadsheet's summary sheet, in whole cents. */
export function transactionsSheetFigures(
  accounts: readonly DocumentAccount[],
  transactions: readonly DocumentTransaction[],
): TransactionsSheetFigures {
  let creditsCents = 0;
  let debitsCents = 0;
  const byAccount = new Map<number, { count: number; netCents: number }>();
  const byCategory = new Map<string, { count: number; netCents: number }>();
  for (const tx of transactions) {
    if (tx.cents >= 0) creditsCents += tx.cents;
    else debitsCents += tx.cents;
    const account = byAccount.get(tx.accountId) ?? { count: 0, netCents: 0 };
    byAccount.set(tx.accountId, { count: account.count + 1, netCents: account.netCents + tx.cents });
    const name = tx.category ?? 'Uncategorised';
    const category = byCategory.get(name) ?? { count: 0, netCents: 0 };
    byCategory.set(name, { count: category.count + 1, netCents: category.netCents + tx.cents });
  }
  return {
    count: transactions.length,
    creditsCents,
    debitsCents,
    netCents: creditsCents + debitsCents,
    accounts: accounts.map((account) => ({
      account,
      ...(byAccount.get(account.id) ?? { count: 0, netCents: 0 }),
    })),
    categories: [...byCategory.entries()]
      .map(([name, totals]) => ({ name, ...totals }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

// A spreadsheet needs numbers to add up; each is the exact two-place decimal of whole cents.
const money = (cents: number) => Number(formatCents(cents));
const moneyFormat = '"$"#,##0.00;-"$"#,##0.00';
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** The characters XML 1.0 forbids. */
const notInXml =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The most characters a spreadsheet cell holds (Excel's limit). */
export const maxCellCharacters = 32_767;

/**
 * Text as a cell can hold it: without the characters XML 1.0 forbids (control characters other
 * than tab and line breaks, U+FFFE, U+FFFF, half of a surrogate pair), which made Excel call the
 * whole file corrupt, and at most 32,767 characters (a longer imported description did the same).
 */
export function cellText(text: string): string {
  return cutText(text.replace(notInXml, ''), maxCellCharacters);
}

/**
 * The transactions spreadsheet (spec §1): a Transactions sheet, one row per transaction (date,
 * description, merchant, category, budget category, amount, balance after it, account), and a
 * Summary sheet with the totals, per account and per category, and who and when.
 */
export async function renderTransactionsXlsx(input: {
  branding: TenantBranding;
  clientName: string;
  adviserName: string | null;
  generatedAt: Date;
  period: { label: string; from: string; to: string };
  accounts: readonly DocumentAccount[];
  transactions: readonly DocumentTransaction[];
  /** Running balance after each transaction, by transaction id, where known. */
  balances: ReadonlyMap<number, number>;
}): Promise<Buffer> {
  const { branding, period, accounts, transactions, balances } = input;
  const figures = transactionsSheetFigures(accounts, transactions);
  const accountNames = new Map(accounts.map((account) => [account.id, account.name]));
  const brandArgb = `FF${branding.colorPrimary.replace('#', '').toUpperCase()}`;
  // Written as a stream, a row at a time, letting the event loop turn every `rowsPerTurn` rows; the
  // zip is compressed by zlib off the main thread. Built in memory and written in one go, a
  // spreadsheet of 50,000 transactions held every other request of the instance for 3–4 s.
  const file = new PassThrough();
  const bytes = buffer(file);
  const workbook = new (loadExceljs().stream.xlsx.WorkbookWriter)({
    stream: file,
    useStyles: true,
    useSharedStrings: false,
  });
  // exceljs listens to its zip's errors only once the workbook is committed: one while the rows are
  // written would be an unhandled 'error' event, which ends the process. Kept, and thrown instead.
  const zip = (workbook as unknown as { zip?: EventEmitter }).zip;
  const failed = new Promise<never>((_, reject) => {
    zip?.once('error', reject);
  });
  failed.catch(() => {});
  workbook.creator = `${branding.name} adviser platform`;
  workbook.created = input.generatedAt;
  workbook.modified = input.generatedAt;
  workbook.title = cellText(`Transactions — ${input.clientName}`);

  // The sheets in their tab order; the summary's figures are known before any row is written.
  const summary = workbook.addWorksheet('Summary');
  const sheet = workbook.addWorksheet('Transactions', { views: [{ state: 'frozen', ySplit: 1 }] });

  summary.columns = [
    { key: 'label', width: 30 },
    { key: 'count', width: 14 },
    { key: 'value', width: 18, style: { numFmt: moneyFormat } },
  ];
  summary.addRow([`${branding.name} — transactions`]).font = {
    bold: true,
    size: 14,
    color: { argb: brandArgb },
  };
  summary.addRow(['Client', cellText(input.clientName)]);
  if (input.adviserName) summary.addRow(['Prepared by', cellText(input.adviserName)]);
  summary.addRow(['Period', `${period.label}: ${formatDate(period.from)} to ${formatDate(period.to)}`]);
  summary.addRow(['Generated', formatSydneyDateTime(input.generatedAt)]);
  summary.addRow([]);
  const totalsHeader = summary.addRow(['Totals', 'Transactions', 'Amount']);
  totalsHeader.font = { bold: true };
  summary.addRow(['All transactions', figures.count, money(figures.netCents)]);
  summary.addRow(['Money in', null, money(figures.creditsCents)]);
  summary.addRow(['Money out', null, money(figures.debitsCents)]);
  summary.addRow([]);
  summary.addRow(['By account', 'Transactions', 'Net']).font = { bold: true };
  for (const row of figures.accounts)
    summary.addRow([cellText(row.account.name), row.count, money(row.netCents)]);
  summary.addRow([]);
  summary.addRow(['By category', 'Transactions', 'Net']).font = { bold: true };
  for (const row of figures.categories) summary.addRow([cellText(row.name), row.count, money(row.netCents)]);
  summary.commit();

  sheet.columns = [
    { header: 'Date', key: 'date', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'Description', key: 'description', width: 44 },
    { header: 'Merchant', key: 'merchant', width: 24 },
    { header: 'Category', key: 'category', width: 24 },
    { header: 'Budget category', key: 'budget', width: 16 },
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: moneyFormat } },
    { header: 'Balance', key: 'balance', width: 14, style: { numFmt: moneyFormat } },
    { header: 'Account', key: 'account', width: 28 },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: brandArgb } };
  sheet.autoFilter = { from: 'A1', to: 'H1' };
  // One style object per column, shared by its cells. exceljs gives each new cell a copy of its
  // column's style and writes a cell's style once per object it has not seen, so 5,000 rows wrote
  // (and compared) 40,000 copies of the same few styles: 45 % of the spreadsheet's time.
  const columnStyles = sheet.columns.map((column) => ({ ...column.style }));
  let written = 0;
  for (const tx of transactions) {
    const balance = balances.get(tx.id);
    const row = sheet.addRow({
      date: utcDate(tx.date),
      description: cellText(tx.description),
      merchant: cellText(tx.merchant ?? ''),
      category: cellText(tx.category ?? 'Uncategorised'),
      budget: tx.budgetCategory,
      amount: money(tx.cents),
      balance: balance === undefined ? null : money(balance),
      account: cellText(accountNames.get(tx.accountId) ?? ''),
    });
    columnStyles.forEach((style, index) => {
      row.getCell(index + 1).style = style;
    });
    row.commit();
    written += 1;
    if (written % rowsPerTurn === 0) await nextTurn();
  }
  sheet.commit();
  const [, xlsx] = await Promise.race([Promise.all([workbook.commit(), bytes]), failed]);
  return xlsx;
}
