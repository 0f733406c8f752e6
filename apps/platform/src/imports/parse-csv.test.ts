import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { parseCsv, previewCsv } from './parse-csv.ts';
import { parseFileAmount, parseFileDate } from './parsed-row.ts';

/** CommBank's export: no header row; date, amount, description, running balance; oldest first here. */
const commBank = [
  '03/11/2026,"-12.50","EFTPOS COFFEE SYDNEY","+1,234.56"',
  '04/11/2026,"+2,500.00","SALARY ACME PTY LTD","+3,734.56"',
  '05/11/2026,"-34.56","WOOLWORTHS 1234","+3,700.00"',
  '',
].join('\r\n');

const byAmount = {
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  dateFormat: 'DD/MM/YYYY' as const,
};

/** Runs `read`, and answers the length of each text papaparse was given to guess a separator from. */
function separatorGuessLengths(read: () => void): number[] {
  const parse = Papa.parse;
  const lengths: number[] = [];
  const spy = vi.spyOn(Papa, 'parse').mockImplementation(((input: string, config: Papa.ParseConfig) => {
    // The separator is guessed where none is given.
    if (config.delimiter === undefined) lengths.push(input.length);
    return parse(input, config);
  }) as never);
  try {
    read();
  } finally {
    spy.mockRestore();
  }
  return lengths;
}

describe('CSV import', () => {
  it('reads a CSV without a header row from its first row, naming its columns Column 1 … n', () => {
    // Before 2026-12-03 the first row was the header: the preview named the columns after its
    // values, suggested nothing, and the import left the first (newest) transaction out.
    const preview = previewCsv(commBank);
    expect(preview.hasHeader).toBe(false);
    expect(preview.columns).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4']);
    expect(preview.rows[0]).toEqual({
      'Column 1': '03/11/2026',
      'Column 2': '-12.50',
      'Column 3': 'EFTPOS COFFEE SYDNEY',
      'Column 4': '+1,234.56',
    });
    expect(preview.rows).toHaveLength(3);
    expect(preview.suggested).toEqual({
      date: 'Column 1',
      amount: 'Column 2',
      description: 'Column 3',
      dateFormat: 'DD/MM/YYYY',
    });
    // The suggestion, sent back as it is, reads every row: has_header left out is detected.
    const { dateFormat = 'DD/MM/YYYY', ...columns } = preview.suggested;
    const mapping = { date: '', description: '', ...columns, dateFormat };
    expect(parseCsv(commBank, mapping).map((row) => [row.date, row.amount, row.description])).toEqual([
      ['2026-11-03', '-12.50', 'EFTPOS COFFEE SYDNEY'],
      ['2026-11-04', '2500.00', 'SALARY ACME PTY LTD'],
      ['2026-11-05', '-34.56', 'WOOLWORTHS 1234'],
    ]);
    expect(parseCsv(commBank, { ...mapping, hasHeader: false })).toHaveLength(3);
    // Said to have a header, its first row is one, as before.
    const asBefore = {
      ...byAmount,
      date: '03/11/2026',
      amount: '-12.50',
      description: 'EFTPOS COFFEE SYDNEY',
    };
    expect(parseCsv(commBank, { ...asBefore, hasHeader: true })).toHaveLength(2);
    // Mapped by its first row's values without saying so, it is refused, saying how it was read.
    expect(() => parseCsv(commBank, asBefore)).toThrow(
      "The CSV has no column '03/11/2026', 'EFTPOS COFFEE SYDNEY', '-12.50'; it has no header row (its first row is a transaction), and its columns are named 'Column 1' to 'Column 4', as the preview names them",
    );
    // A file with a header row is mapped by its names, and not by Column n.
    const headed = `Date,Amount,Description,Balance\n${commBank}`;
    expect(previewCsv(headed)).toMatchObject({
      hasHeader: true,
      columns: ['Date', 'Amount', 'Description', 'Balance'],
    });
    expect(() => parseCsv(headed, { ...mapping })).toThrow(
      "The CSV has no column 'Column 1', 'Column 3', 'Column 2'; its first row was read as its header row (has_header: false reads it as a transaction)",
    );
    // Said to have none, its header is a row, and refused as one.
    expect(() => parseCsv(headed, { ...mapping, hasHeader: false })).toThrow(
      "Row 1: 'Date' is not a DD/MM/YYYY date",
    );
  });

  it('suggests the amount of a CSV without a header, not its running balance, and the longest text as its description', () => {
    // The balance first, rows newest first: each row's balance is the next row's plus its amount.
    const balanceFirst = [
      '05/11/2026,3700.00,-34.56,WOOLWORTHS 1234,123',
      '04/11/2026,3734.56,2500.00,SALARY ACME PTY LTD,124',
      '03/11/2026,1234.56,-12.50,EFTPOS COFFEE SYDNEY,125',
    ].join('\n');
    expect(previewCsv(balanceFirst).suggested).toEqual({
      date: 'Column 1',
      amount: 'Column 3',
      description: 'Column 4',
      dateFormat: 'DD/MM/YYYY',
    });
    // ANZ's: date, amount, description. One row is enough to tell it from a header.
    expect(previewCsv('06/11/2026,-4.50,"TEA, SYDNEY"').suggested).toEqual({
      date: 'Column 1',
      amount: 'Column 2',
      description: 'Column 3',
      dateFormat: 'DD/MM/YYYY',
    });
    // A header row names its columns, so it is never read as a transaction.
    for (const csv of [
      'Date,Amount,Description\n06/11/2026,-4.50,TEA',
      'Transaction Date,Debit,Credit,Balance,Details\n06/11/2026,4.50,,1.00,TEA',
    ])
      expect(previewCsv(csv).hasHeader, csv).toBe(true);
  });

  it('guesses the separator from the first 64 KB, not from the whole file once for each separator', () => {
    // 90,000 rows like these, each beginning with a quote, took the preview 784 ms before
    // 2026-12-03: papaparse looked for the quote's end through the whole file under `|`. A few
    // thousand are past 64 KB.
    const rows = Array.from(
      { length: 5_000 },
      (_, index) => `"03/11/2026",-${(index % 900) + 1}.50,"EFTPOS ${index} SYDNEY",1234.56`,
    );
    const csv = ['Date,Amount,Description,Balance', ...rows].join('\r\n');
    const guessedFrom = separatorGuessLengths(() => {
      expect(previewCsv(csv).suggested).toMatchObject({ date: 'Date', amount: 'Amount' });
      expect(parseCsv(csv, byAmount)).toHaveLength(5_000);
    });
    expect(guessedFrom.length).toBeGreaterThan(0);
    for (const length of guessedFrom) expect(length).toBeLessThanOrEqual(64 * 1024);
    // A first row longer than 64 KB: the lines in them are one row, and the whole file is read.
    const long = `Date;Description;Amount\n03/11/2026;${'X'.repeat(70_000)};-1.00\n04/11/2026;Tea;-4.50\n`;
    expect(parseCsv(long, byAmount).map((row) => row.amount)).toEqual(['-1.00', '-4.50']);
  });

  it('passes over blank lines to find the rows the separator is guessed from (review 146)', () => {
    // A header, 200,000 blank lines, then the rows: the blank lines filled the 64 KB and the whole
    // file was read once for each separator.
    const csv = `"Date";"Description";"Amount"\r\n${'\r\n'.repeat(200_000)}"03/11/2026";"Tea";"-4.50"\r\n"04/11/2026";"Cake";"-3.00"`;
    const guessedFrom = separatorGuessLengths(() => {
      expect(parseCsv(csv, byAmount).map((row) => row.amount)).toEqual(['-4.50', '-3.00']);
    });
    expect(guessedFrom).toEqual([csv.length - 400_000]);
  });

  it('names a bad row by its line in the file, blank lines and quoted line breaks counted', () => {
    // Before 2026-12-03 a row's number was its place among the rows plus one: "Row 3" here.
    const blank = 'Date,Description,Amount\n\n03/11/2026,Tea,-4.50\n31/02/2026,Cake,-3.00';
    expect(() => parseCsv(blank, byAmount)).toThrow("Row 4: '31/02/2026' is not a DD/MM/YYYY date");
    const quoted = 'Date,Description,Amount\r\n03/11/2026,"Tea\r\nand cake",-4.50\r\n\r\n04/11/2026,Cake,x';
    expect(() => parseCsv(quoted, byAmount)).toThrow('Row 5: the amount is not a number');
    const surplus = 'Date,Description,Amount\n\n\n03/11/2026,Rent,1,250.00';
    for (const read of [() => previewCsv(surplus), () => parseCsv(surplus, byAmount)])
      expect(read).toThrow("Row 4: a value past the header's last column");
    const pair = { ...byAmount, amount: undefined, debit: 'Debit', credit: 'Credit' };
    expect(() => parseCsv('Date,Description,Debit,Credit\n\n03/11/2026,Tea,1.00,2.00', pair)).toThrow(
      'Row 3: both the debit and the credit column hold an amount',
    );
    // Without a header, the first row is line 1.
    expect(() =>
      parseCsv('03/11/2026,Tea,-4.50\n\n04/11/2026,Cake,-x', {
        ...byAmount,
        date: 'Column 1',
        description: 'Column 2',
        amount: 'Column 3',
      }),
    ).toThrow('Row 3: the amount is not a number');
  });

  it('reads NAB’s 06 Nov 26 dates, and suggests their format', () => {
    expect(parseFileDate('06 Nov 26', 'DD Mon YY')).toBe('2026-11-06');
    expect(parseFileDate('6 nov 2026', 'DD Mon YYYY')).toBe('2026-11-06');
    expect(parseFileDate('06-Sept-2026', 'DD Mon YYYY')).toBe('2026-09-06');
    expect(parseFileDate('06 Nov 2026', 'DD Mon YY')).toBeUndefined();
    expect(parseFileDate('06 Nov 26', 'DD Mon YYYY')).toBeUndefined();
    expect(parseFileDate('31 Feb 26', 'DD Mon YY')).toBeUndefined();
    expect(parseFileDate('06 Nob 26', 'DD Mon YY')).toBeUndefined();
    expect(parseFileDate('06 November 2026', 'DD Mon YYYY')).toBeUndefined();
    const nab = [
      'Date,Amount,Account Number,,Transaction Type,Transaction Details,Balance,Category,Merchant Name',
      '06 Nov 26,-14.99,083-000 123456789,,DEBIT,NETFLIX,100.00,Entertainment,Netflix',
      '07 Nov 26,-4.50,083-000 123456789,,DEBIT,CAFE,95.50,Dining,Cafe',
    ].join('\n');
    // Before 2026-12-03 it was suggested as DD/MM/YYYY, and every row refused.
    const { suggested } = previewCsv(nab);
    expect(suggested).toEqual({
      date: 'Date',
      amount: 'Amount',
      description: 'Transaction Details',
      dateFormat: 'DD Mon YY',
    });
    expect(
      parseCsv(nab, { ...byAmount, description: 'Transaction Details', dateFormat: 'DD Mon YY' }).map(
        (row) => row.date,
      ),
    ).toEqual(['2026-11-06', '2026-11-07']);
    expect(previewCsv('Date,Amount,Details\n06 Nov 2026,-1.00,Tea').suggested.dateFormat).toBe('DD Mon YYYY');
    // Month first where a day past the twelfth says so; none where no format reads the dates.
    expect(
      previewCsv('Date,Amount,Details\n11/03/2026,-1.00,Tea\n11/25/2026,-1.00,Tea').suggested.dateFormat,
    ).toBe('MM/DD/YYYY');
    expect(previewCsv('Date,Amount,Details\n2026/11/03,-1.00,Tea').suggested).not.toHaveProperty(
      'dateFormat',
    );
  });

  it('refuses a file read as UTF-8 from another encoding, naming the row, in the preview and on import', () => {
    // Windows-1252's CAFÉ read as UTF-8: before 2026-12-03 stored as `CAF� SYDNEY`.
    const csv =
      'Date,Description,Amount\r\n03/11/2026,TEA,-4.50\r\n\r\n04/11/2026,CAF\uFFFD SYDNEY,-3.00\r\n';
    const message =
      'Row 4: the file holds \uFFFD (U+FFFD), which stands for a character that could not be read: it is not UTF-8 text (Windows-1252, perhaps). Save it again as UTF-8 (in Excel, "CSV UTF-8") and import that';
    expect(() => previewCsv(csv)).toThrow(message);
    expect(() => parseCsv(csv, byAmount)).toThrow(message);
  });

  it('reads a space in an amount only as a thousands separator', () => {
    // `1 2` was 12.00 before 2026-12-03: every space was taken out.
    for (const text of ['1 2', '1 23', '12 34.00', '1234 567', '1 234,56', '1 234 5'])
      expect(parseFileAmount(text), text).toBeUndefined();
    expect(parseFileAmount('1 234.56')).toBe('1234.56');
    expect(parseFileAmount('-12 345 678.90')).toBe('-12345678.90');
    expect(parseFileAmount('(1\u00a0234.00)')).toBe('-1234.00');
    // Spaces beside the sign, the dollar sign or the parentheses are no part of the number.
    expect(parseFileAmount(' - $ 4.50 ')).toBe('-4.50');
    expect(parseFileAmount('( 15.00 )')).toBe('-15.00');
    expect(() => parseCsv('Date,Description,Amount\n03/11/2026,Tea,1 2', byAmount)).toThrow(
      'Row 2: the amount is not a number',
    );
  });
});
