import { describe, expect, it } from 'vitest';
import { importIds } from './import-file.ts';
import { parseCsv, previewCsv } from './parse-csv.ts';
import { parseOfx } from './parse-ofx.ts';
import { parseFileAmount, parseFileDate } from './parsed-row.ts';
import { sampleCsv, sampleOfx } from './testing/sample-files.ts';

describe('file parsing', () => {
  it('reads amounts and dates without floats, refusing what is not one', () => {
    expect(parseFileAmount('1,234.565')).toBe('1234.57');
    expect(parseFileAmount('(15)')).toBe('-15.00');
    expect(parseFileAmount('$-0.10')).toBe('-0.10');
    expect(parseFileAmount('abc')).toBeUndefined();
    expect(parseFileAmount('999999999999.99')).toBe('999999999999.99');
    // Rounded, it would need 13 whole digits: more than the platform stores.
    expect(parseFileAmount('999999999999.995')).toBeUndefined();
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

  it('reads OFX statement transactions with their FITIDs', () => {
    expect(parseOfx(sampleOfx)).toEqual([
      { date: '2026-11-02', amount: '-15.20', description: 'COLES 0456 Groceries', fileId: 'FIT-001' },
      { date: '2026-11-04', amount: '100.00', description: 'TRANSFER FROM SAVINGS', fileId: 'FIT-002' },
    ]);
  });
});
