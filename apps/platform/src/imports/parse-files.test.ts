import { describe, expect, it } from 'vitest';
import { importIds } from './import-file.ts';
import { parseCsv, previewCsv } from './parse-csv.ts';
import { ofxCurrency, parseOfx } from './parse-ofx.ts';
import { parseFileAmount, parseFileDate } from './parsed-row.ts';
import { sampleCsv, sampleOfx } from './testing/sample-files.ts';

describe('file parsing', () => {
  it('reads amounts and dates without floats, refusing what is not one', () => {
    // Digits past the cent only as zeros: `12.345` is twelve thousand where a full stop groups
    // thousands (12.35 before 2026-11-30).
    expect(parseFileAmount('1,234.565')).toBeUndefined();
    expect(parseFileAmount('12.345')).toBeUndefined();
    expect(parseFileAmount('12.3400')).toBe('12.34');
    expect(parseFileAmount('(15)')).toBe('-15.00');
    expect(parseFileAmount('$-0.10')).toBe('-0.10');
    expect(parseFileAmount('abc')).toBeUndefined();
    expect(parseFileAmount('999999999999.99')).toBe('999999999999.99');
    expect(parseFileAmount('999999999999.995')).toBeUndefined();
    expect(parseFileAmount('9999999999999')).toBeUndefined();
    expect(parseFileDate('31/12/2026', 'DD/MM/YYYY')).toBe('2026-12-31');
    expect(parseFileDate('12/31/2026', 'MM/DD/YYYY')).toBe('2026-12-31');
    expect(parseFileDate('31/02/2026', 'DD/MM/YYYY')).toBeUndefined();
    expect(parseFileDate('0000-01-01', 'YYYY-MM-DD')).toBeUndefined();
    expect(parseFileDate('1900-01-01', 'YYYY-MM-DD')).toBe('1900-01-01');
  });

  it('previews a CSV with a suggested mapping, then reads it under the mapping', () => {
    const preview = previewCsv(sampleCsv);
    expect(preview.columns).toEqual(['Date', 'Narrative', 'Debit Amount', 'Credit Amount']);
    expect(preview.suggested).toMatchObject({
      date: 'Date',
      description: 'Narrative',
      debit: 'Debit Amount',
      credit: 'Credit Amount',
      dateFormat: 'DD/MM/YYYY',
    });
    const rows = parseCsv(sampleCsv, {
      date: 'Date',
      description: 'Narrative',
      debit: 'Debit Amount',
      credit: 'Credit Amount',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(rows.map((row) => [row.date, row.amount])).toEqual([
      ['2026-11-03', '-42.50'],
      ['2026-11-03', '-42.50'],
      ['2026-11-04', '2500.00'],
    ]);
    // Two identical purchases stay two; the same rows always get the same ids.
    const ids = importIds(rows);
    expect(new Set(ids).size).toBe(3);
    expect(importIds(rows)).toEqual(ids);
  });

  it('suggests a mapping that can be sent back, and never "Debit Amount" as the signed amount', () => {
    // Before 2026-11-29 the sample's suggestion named 'Debit Amount' as the amount too.
    expect(previewCsv(sampleCsv).suggested).not.toHaveProperty('amount');
    expect(previewCsv('Date,Details,Amount,Balance\n01/11/2026,Tea,-4.50,10.00').suggested).toEqual({
      date: 'Date',
      description: 'Details',
      amount: 'Amount',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(previewCsv('Date,Details,Transaction Amount\n01/11/2026,Tea,-4.50').suggested.amount).toBe(
      'Transaction Amount',
    );
    // One "Debit/Credit" column is a direction, not a pair.
    expect(
      previewCsv('Date,Description,Transaction Amount,Debit/Credit\n01/11/2026,Tea,4.50,Debit').suggested,
    ).toMatchObject({ amount: 'Transaction Amount' });
    // Rows after blank lines still fill the preview's five.
    const spaced = [
      'Date,Details,Amount',
      ...Array.from({ length: 8 }, (_, i) => `0${i + 1}/11/2026,Tea,-1.00\n`),
    ];
    expect(previewCsv(spaced.join('\n')).rows).toHaveLength(5);
    const mapping = { date: 'Date', description: 'Narrative', dateFormat: 'DD/MM/YYYY' as const };
    expect(() => parseCsv(sampleCsv, { ...mapping, amount: 'Debit Amount', debit: 'Debit Amount' })).toThrow(
      /not both/,
    );
  });

  it('takes the column of a debit and credit pair that holds an amount, 0.00 in the other', () => {
    const mapping = {
      date: 'Date',
      description: 'Narrative',
      debit: 'Debit',
      credit: 'Credit',
      dateFormat: 'DD/MM/YYYY' as const,
    };
    const csv =
      'Date,Narrative,Debit,Credit\n01/11/2026,Pay,0.00,100.00\n02/11/2026,Tea,4.50,\n03/11/2026,Nil,0.00,0.00';
    expect(parseCsv(csv, mapping).map((row) => row.amount)).toEqual(['100.00', '-4.50', '0.00']);
    expect(() => parseCsv('Date,Narrative,Debit,Credit\n01/11/2026,Empty,,', mapping)).toThrow(
      /Row 2: the amount is not a number/,
    );
    expect(() => parseCsv('Date,Narrative,Debit,Credit\n01/11/2026,Both,1.00,2.00', mapping)).toThrow(
      /Row 2: both the debit and the credit/,
    );
  });

  it('reads a comma only as a thousands separator, and a date only as a whole', () => {
    expect(parseFileAmount('1,234,567.89')).toBe('1234567.89');
    // Decimal commas (a semicolon-separated file) are refused, not read as thousands.
    for (const text of ['-4,50', '1,5', '12,34.00', '1,2345'])
      expect(parseFileAmount(text), text).toBeUndefined();
    expect(parseFileDate('03/11/20261', 'DD/MM/YYYY')).toBeUndefined();
    expect(parseFileDate('03/11/2026 10:15', 'DD/MM/YYYY')).toBe('2026-11-03');
    expect(parseFileDate('2026-11-03T10:15:00', 'YYYY-MM-DD')).toBe('2026-11-03');
    expect(parseFileDate('03/11/2026, 10:15 am', 'DD/MM/YYYY')).toBe('2026-11-03');
    expect(parseFileDate('01/01/9999', 'DD/MM/YYYY')).toBeUndefined();
  });

  it('refuses a CSV of more columns than a statement has, and an OFX FITID past 255 characters', () => {
    const wide = `${Array.from({ length: 101 }, (_, index) => `c${index}`).join(',')}\n`;
    expect(() => previewCsv(wide)).toThrow(/101 columns/);
    const longId = sampleOfx.replace(/<FITID>[^<\n]*/, `<FITID>${'x'.repeat(256)}`);
    expect(() => parseOfx(longId)).toThrow(/FITID is longer than 255/);
  });

  it('names the row of a bad value', () => {
    const bad = `${sampleCsv}\n31/02/2026,X,1.00,`;
    expect(() =>
      parseCsv(bad, {
        date: 'Date',
        description: 'Narrative',
        debit: 'Debit Amount',
        credit: 'Credit Amount',
        dateFormat: 'DD/MM/YYYY',
      }),
    ).toThrow(/Row 5/);
    expect(() =>
      parseCsv(sampleCsv, {
        date: 'When',
        description: 'Narrative',
        amount: 'Debit Amount',
        dateFormat: 'DD/MM/YYYY',
      }),
    ).toThrow(/no column 'When'/);
  });

  it('refuses an OFX date that is not a calendar date', () => {
    expect(() => parseOfx(sampleOfx.replace('20261102', '20261340'))).toThrow(
      /Transaction 1: DTPOSTED '20261340.*' is not an OFX date/,
    );
  });

  it('refuses a file that is not an OFX statement rather than importing nothing', () => {
    // Before 2026-11-30 the library read it as an empty card statement: "imported", 0 rows.
    for (const text of [sampleCsv, '<OFX><INVSTMTMSGSRSV1></INVSTMTMSGSRSV1></OFX>']) {
      expect(() => parseOfx(text), text.slice(0, 20)).toThrow(
        'The file is not an OFX bank or credit-card statement',
      );
    }
    // A statement of a month without transactions imports nothing, and is no error.
    const quiet = sampleOfx.replace(/<STMTTRN>[\s\S]*<\/STMTTRN>/, '');
    expect(quiet).not.toContain('<STMTTRN>');
    expect(parseOfx(quiet)).toEqual([]);
  });

  it('reads the character references of OFX text, and names the statement’s currency', () => {
    const escaped = sampleOfx.replace(
      '<NAME>COLES 0456',
      '<NAME>Coffee &amp; cake &#8211; &lt;Cafe&gt; &bogus;',
    );
    expect(parseOfx(escaped)[0]?.description).toBe('Coffee & cake – <Cafe> &bogus; Groceries');
    expect(ofxCurrency('<CURDEF>usd')).toBe('USD');
    expect(ofxCurrency(sampleCsv)).toBeUndefined();
  });

  it('reads OFX statement transactions with their FITIDs', () => {
    expect(parseOfx(sampleOfx)).toEqual([
      { date: '2026-11-02', amount: '-15.20', description: 'COLES 0456 Groceries', fileId: 'FIT-001' },
      { date: '2026-11-04', amount: '100.00', description: 'TRANSFER FROM SAVINGS', fileId: 'FIT-002' },
    ]);
  });
});
