import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { watchTurns } from '../testing/event-loop-turns.ts';
import type { DocumentTransaction } from './document-data.ts';
import { tenantBranding } from './tenant-branding.ts';
import { renderedAccount } from './testing/rendered-account.ts';
import { cellText, maxCellCharacters, renderTransactionsXlsx } from './transactions-xlsx.ts';

const account = renderedAccount;

const transactions: DocumentTransaction[] = Array.from({ length: 40 }, (_, index) => ({
  id: index + 1,
  accountId: 1,
  date: `2026-10-${String((index % 28) + 1).padStart(2, '0')}`,
  description: `Purchase ${index}`,
  merchant: index % 3 === 0 ? null : 'Woolworths',
  category: index % 5 === 0 ? null : 'Groceries',
  categoryType: 'expense',
  budgetCategory: 'Living',
  cents: index % 2 === 0 ? -(index * 101 + 5) : index * 333,
  included: true,
}));

describe('the transactions spreadsheet', () => {
  it('lets the event loop turn while its rows are written (other requests are answered meanwhile)', async () => {
    const many = Array.from({ length: 2_000 }, (_, index) => ({
      ...(transactions[index % transactions.length] as DocumentTransaction),
      id: index + 1,
    }));
    const watch = watchTurns(many);
    try {
      const bytes = await renderTransactionsXlsx({
        branding: await tenantBranding('waratah'),
        clientName: 'Zoë O’Brien',
        adviserName: null,
        generatedAt: new Date('2026-11-28T00:00:00Z'),
        period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
        accounts: [account],
        transactions: watch.rows,
        balances: new Map(),
      });
      // Every 500 rows at least: written in one go, the loop did not turn between the first and last.
      expect(watch.turnsWhileRead()).toBeGreaterThanOrEqual(3);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(workbook.getWorksheet('Transactions')?.rowCount).toBe(2_001);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Transactions']);
    } finally {
      watch.stop();
    }
  });

  it("gives every row's cells their column's format: dates as dates, amounts and balances as dollars", async () => {
    const bytes = await renderTransactionsXlsx({
      branding: await tenantBranding('waratah'),
      clientName: 'Zoë O’Brien',
      adviserName: 'Alex Adviser',
      generatedAt: new Date('2026-11-28T00:00:00Z'),
      period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
      accounts: [account],
      transactions,
      // Every other transaction has a known balance; the others leave the cell empty.
      balances: new Map(
        transactions.filter((_, index) => index % 2 === 0).map((tx) => [tx.id, tx.id * 1000]),
      ),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Transactions') ?? expect.unreachable();
    const header = sheet.getRow(1);
    expect(header.getCell(1).font?.bold).toBe(true);
    // The header in the tenant's primary colour, held at the top, and filtered from.
    const fill = header.getCell(8).fill;
    expect(fill?.type === 'pattern' && fill.fgColor?.argb).toBe(
      `FF${(await tenantBranding('waratah')).colorPrimary.replace('#', '').toUpperCase()}`,
    );
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:H1');
    expect(workbook.worksheets.map((tab) => tab.name)).toEqual(['Summary', 'Transactions']);
    expect(workbook.creator).toBe('Waratah adviser platform');
    expect(workbook.title).toBe('Transactions — Zoë O’Brien');
    expect(sheet.rowCount).toBe(transactions.length + 1);
    const money = '"$"#,##0.00;-"$"#,##0.00';
    transactions.forEach((tx, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toEqual(new Date(`${tx.date}T00:00:00Z`));
      expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd');
      expect(row.getCell(2).value).toBe(tx.description);
      expect(row.getCell(2).numFmt).toBeUndefined();
      expect(row.getCell(4).value).toBe(tx.category ?? 'Uncategorised');
      expect(row.getCell(6).value).toBe(tx.cents / 100);
      expect(row.getCell(6).numFmt).toBe(money);
      if (index % 2 === 0) {
        expect(row.getCell(7).value).toBe(tx.id * 10);
        expect(row.getCell(7).numFmt).toBe(money);
      } else {
        expect(row.getCell(7).value).toBeNull();
      }
      expect(row.getCell(8).value).toBe('Everyday');
      expect(row.getCell(8).font?.bold).toBeFalsy();
    });
  });

  it('writes text a cell can hold: no characters XML forbids, at most 32,767 of them', async () => {
    expect(cellText('A\uFFFFB\u0001C\ud800D\tE')).toBe('ABCD\tE');
    expect(cellText('😀 ok')).toBe('😀 ok');
    expect(cellText('x'.repeat(40_000))).toHaveLength(maxCellCharacters);
    // Not through the middle of an emoji.
    const cut = cellText(`${'x'.repeat(maxCellCharacters - 1)}😀`);
    expect(cut).toBe('x'.repeat(maxCellCharacters - 1));
    const bytes = await renderTransactionsXlsx({
      branding: await tenantBranding('waratah'),
      clientName: 'Zoë\uFFFE O’Brien',
      adviserName: null,
      generatedAt: new Date('2026-11-28T00:00:00Z'),
      period: { label: 'October', from: '2026-10-01', to: '2026-10-31' },
      accounts: [account],
      transactions: [
        { ...(transactions[0] as DocumentTransaction), description: `A\uFFFF${'y'.repeat(40_000)}` },
      ],
      balances: new Map(),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const cell = workbook.getWorksheet('Transactions')?.getRow(2).getCell(2).value;
    expect(cell).toBe(`A${'y'.repeat(maxCellCharacters - 1)}`);
  });
});
