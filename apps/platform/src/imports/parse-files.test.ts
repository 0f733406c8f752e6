import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { importIds } from './import-file.ts';
import { parseCsv, previewCsv } from './parse-csv.ts';
import { parseOfx } from './parse-ofx.ts';
import { maxImportRows, parseFileAmount, parseFileDate } from './parsed-row.ts';
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

  it('reads an OFX DTPOSTED’s time at its offset, as its day in Sydney', () => {
    const posted = (written: string) =>
      parseOfx(sampleOfx.replace('<DTPOSTED>20261102', `<DTPOSTED>${written}`))[0]?.date;
    // 23:30 GMT on 30 June is 9:30 on 1 July in Sydney: another month and financial year. Before
    // 2026-12-02 it was stored as 30 June.
    expect(posted('20250630233000[0:GMT]')).toBe('2025-07-01');
    expect(posted('20250630233000.000[0]')).toBe('2025-07-01');
    expect(posted('20250630093000[-5:EST]')).toBe('2025-07-01');
    expect(posted('20251231130000[+0:GMT]')).toBe('2026-01-01');
    // 19:30 in India is midnight in Sydney; 19:29 is still the day before.
    expect(posted('20250630193000.500[5.5:IST]')).toBe('2025-07-01');
    expect(posted('20250630192959[5.5:IST]')).toBe('2025-06-30');
    // A Sydney time stays on its day.
    expect(posted('20250630233000[+10:AEST]')).toBe('2025-06-30');
    expect(posted('20250701000000[10]')).toBe('2025-07-01');
    expect(posted('20251231235959.999[+11.00:AEDT]')).toBe('2025-12-31');
    // The dates are those of the statement with transactions, a card statement before it notwithstanding.
    const card =
      '<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>AUD<BANKTRANLIST>' +
      '</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>';
    const dates = parseOfx(
      sampleOfx
        .replace('<BANKMSGSRSV1>', `${card}\n<BANKMSGSRSV1>`)
        .replace('<DTPOSTED>20261104', '<DTPOSTED>20261104140000[0:GMT]'),
    ).map((row) => row.date);
    expect(dates).toEqual(['2026-11-02', '2026-11-05']);
  });

  it('refuses an OFX DTPOSTED offset not written as one, and keeps the day written without one', () => {
    const posted = (written: string) =>
      parseOfx(sampleOfx.replace('<DTPOSTED>20261102', `<DTPOSTED>${written}`))[0]?.date;
    for (const written of [
      '20250630233000[+10:AEST',
      '20250630233000[AEST]',
      '20250630233000[+25:X]',
      '20250630233000[]',
      '20250630233000[1O]',
      '20250630233000[5.555]',
      '20250630233000[0:GMT]X',
      '20250630243000',
    ])
      expect(() => posted(written), written).toThrow(
        `Transaction 1: DTPOSTED '${written}' is not an OFX date`,
      );
    // A date alone is the day written; so is a time without an offset, which Australian banks
    // write in their own time (GMT to the specification).
    expect(posted('20250630')).toBe('2025-06-30');
    expect(posted('20250630233000')).toBe('2025-06-30');
    expect(posted('20250630233000.123')).toBe('2025-06-30');
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

  it('reads the character references of OFX text, and checks the statement’s currency', () => {
    const escaped = sampleOfx.replace(
      '<NAME>COLES 0456',
      '<NAME>Coffee &amp; cake &#8211; &lt;Cafe&gt; &bogus;',
    );
    expect(parseOfx(escaped)[0]?.description).toBe('Coffee & cake – <Cafe> &bogus; Groceries');
    const aud = { currency: 'AUD' };
    expect(parseOfx(sampleOfx.replace('<CURDEF>AUD', '<CURDEF>aud'), aud)).toHaveLength(2);
    expect(() => parseOfx(sampleOfx.replace('<CURDEF>AUD', '<CURDEF>usd'), aud)).toThrow(
      'The file is in USD; the account is in AUD',
    );
    // A statement that names no currency is taken as the account's, as before.
    expect(parseOfx(sampleOfx.replace('<CURDEF>AUD', ''), aud)).toHaveLength(2);
  });

  it('refuses a header row too long or too wide before papaparse renames its repeated names', () => {
    // Papaparse 5.7.1 renames a repeated name in quadratic time: this header took it ten seconds,
    // and one of 200,000 names minutes, before 2026-12-02.
    const names = Array.from({ length: 10_000 }, (_, index) => `a_${index + 1}`);
    const header = `${names.join(',')},${'a,'.repeat(10_001)}`;
    expect(header.length).toBeGreaterThan(10_000);
    expect(() => previewCsv(`${header}\n01/11/2026,Tea,-4.50`)).toThrow(
      "The CSV's header row is longer than 10000 characters",
    );
    // A header row past its first line (a quoted line break) is counted when read.
    const quoted = `"Date\nWhen",${Array.from({ length: 120 }, (_, index) => `c${index}`).join(',')}\n1,2`;
    expect(() => previewCsv(quoted)).toThrow('The CSV has 121 columns; a statement has at most 100');
  }, 2_000);

  it('names a repeated column as papaparse did, without writing to the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const preview = previewCsv('Date,Amount,Amount,,\n01/11/2026,1.00,2.00,,');
      expect(preview.columns).toEqual(['Date', 'Amount', 'Amount_1']);
      expect(preview.rows).toEqual([{ Date: '01/11/2026', Amount: '1.00', Amount_1: '2.00' }]);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses a CSV row of more values than the header has, in the preview and on import', () => {
    // Before 2026-12-02 the surplus was dropped: an unquoted 1,250.00 was a credit of 1.00.
    const csv = 'Date,Description,Amount\n02/11/2026,Tea,-4.50\n03/11/2026,Rent,1,250.00';
    const mapping = {
      date: 'Date',
      description: 'Description',
      amount: 'Amount',
      dateFormat: 'DD/MM/YYYY' as const,
    };
    const message =
      "Row 3: a value past the header's last column; a value holding the separator, like 1,250.00, must be in quotes";
    expect(() => previewCsv(csv)).toThrow(message);
    expect(() => parseCsv(csv, mapping)).toThrow(message);
    // Quoted, it is one value.
    expect(parseCsv(csv.replace('1,250.00', '"1,250.00"'), mapping)[1]?.amount).toBe('1250.00');
    // A header ending in a separator names no more columns: the amount is still cut (2026-12-02).
    expect(() => parseCsv(csv.replace('Amount\n', 'Amount,\n'), mapping)).toThrow(
      "Row 3: a value past the header's last column",
    );
    // Rows ending in a separator the header does not end in hold no more values.
    expect(
      parseCsv('Date,Description,Amount\n02/11/2026,Tea,-4.50,\n03/11/2026,Cake,-3.00, ,', mapping),
    ).toHaveLength(2);
    // A row of fewer values has empty ones at its end: the row's own checks name it.
    expect(() => parseCsv('Date,Description,Amount\n02/11/2026,Tea', mapping)).toThrow(
      'Row 2: the amount is not a number',
    );
    const pair = {
      date: 'Date',
      description: 'Description',
      debit: 'Debit',
      credit: 'Credit',
      dateFormat: 'DD/MM/YYYY' as const,
    };
    expect(parseCsv('Date,Description,Debit,Credit\n02/11/2026,Tea,4.50', pair)[0]?.amount).toBe('-4.50');
  });

  it('refuses a CSV of more rows than one import takes without reading the rows past them', () => {
    // Before 2026-12-02 papaparse read the whole file and every row became an object of every
    // column before the limit was checked: 6 MB of such rows was two million objects, 1.8 GB.
    const header = Array.from({ length: 100 }, (_, index) => `c${index}`).join(',');
    const csv = `${header}\n${'01/11/2026,Tea,-4.50\n'.repeat(maxImportRows + 50_000)}`;
    const mapping = { date: 'c0', description: 'c1', amount: 'c2', dateFormat: 'DD/MM/YYYY' as const };
    // The rows papaparse hands over, one at a time or all at once.
    const parse = Papa.parse;
    let handed = 0;
    const spy = vi.spyOn(Papa, 'parse').mockImplementation(((input: string, config: Papa.ParseConfig) => {
      const step = config.step;
      const counted = step
        ? {
            ...config,
            step: (result: Papa.ParseStepResult<unknown>, parser: Papa.Parser) => {
              handed += 1;
              step(result, parser);
            },
          }
        : config;
      const result = parse(input, counted) as Papa.ParseResult<unknown> | undefined;
      handed += result?.data?.length ?? 0;
      return result;
    }) as never);
    try {
      expect(() => parseCsv(csv, mapping)).toThrow(
        `The CSV has more than ${maxImportRows} rows; one import takes at most ${maxImportRows}`,
      );
    } finally {
      spy.mockRestore();
    }
    // The header, the rows an import takes and the one past them (and a line or two read to
    // guess the separator): not the 50,000 after.
    expect(handed).toBeGreaterThan(maxImportRows);
    expect(handed).toBeLessThan(maxImportRows + 10);
  });

  it('counts no blank line towards the row limit, and a quote left open at its line as before', () => {
    const mapping = {
      date: 'Date',
      description: 'Description',
      amount: 'Amount',
      dateFormat: 'DD/MM/YYYY' as const,
    };
    const rows = '02/11/2026,Tea,-4.50\n\n , \n'.repeat(maxImportRows);
    expect(parseCsv(`Date,Description,Amount\n${rows}`, mapping)).toHaveLength(maxImportRows);
    expect(() => parseCsv(`Date,Description,Amount\n${rows}03/11/2026,Cake,-3.00`, mapping)).toThrow(
      `The CSV has more than ${maxImportRows} rows`,
    );
    // Papaparse's line of the quote, blank lines counted.
    const unclosed = 'Date,Description,Amount\n\n02/11/2026,"Tea,-4.50\n03/11/2026,Cake,-3.00';
    for (const read of [() => previewCsv(unclosed), () => parseCsv(unclosed, mapping)])
      expect(read).toThrow('The CSV could not be read: Quoted field unterminated (row 3)');
  });

  it('reads a column named like an object’s own property (__proto__, toString) as any other', () => {
    // Before 2026-12-02 `row['__proto__']` was Object.prototype and `row.toString` on a short row a
    // function: their .trim() threw, a 500.
    const proto = {
      date: 'Date',
      description: '__proto__',
      amount: 'Amount',
      dateFormat: 'DD/MM/YYYY' as const,
    };
    expect(parseCsv('Date,Amount,__proto__\n02/11/2026,-4.50,Tea', proto)[0]?.description).toBe('Tea');
    const short = { ...proto, description: 'toString' };
    expect(() => parseCsv('Date,Amount,toString\n02/11/2026,-4.50', short)).toThrow(
      'Row 2: the description is empty',
    );
    expect(() =>
      parseCsv('Date,Amount,constructor\n02/11/2026,-4.50', { ...proto, description: 'constructor' }),
    ).toThrow('Row 2: the description is empty');
    expect(previewCsv('__proto__,Amount,Date\nx,1.00,02/11/2026').suggested).toMatchObject({
      dateFormat: 'DD/MM/YYYY',
    });
  });

  it('reads an OFX file’s $ as text, never as a replacement pattern', () => {
    // The library's String.replace read `$&` in the file's text as the whole transaction list.
    const name = "Paid $50 $& $' $` $1 $$";
    const withName = (text: string) => sampleOfx.replace('<NAME>COLES 0456', () => `<NAME>${text}`);
    expect(parseOfx(withName(name))[0]?.description).toBe(`${name} Groceries`);
    expect(parseOfx(withName('$&'.repeat(100)))[0]?.description).toBe(`${'$&'.repeat(100)} Groceries`);
  });

  it('refuses an OFX amount not written as one, where the library read ,50 as 50', () => {
    const amounts = (first: string, second: string) =>
      parseOfx(
        sampleOfx
          .replace('<TRNAMT>-15.20', `<TRNAMT>${first}`)
          .replace('<TRNAMT>100.00', `<TRNAMT>${second}`),
      ).map((row) => row.amount);
    expect(amounts('-12.34', '12,34')).toEqual(['-12.34', '12.34']);
    expect(amounts('+7', '-0,5')).toEqual(['7.00', '-0.50']);
    expect(() => amounts('-15.20', ',50')).toThrow(
      "Transaction 2: TRNAMT ',50' is not an amount like -12.34",
    );
    for (const written of ['1.234,56', '-.50', '12.34.56', '1 000', '', '12-'])
      expect(() => amounts(written, '1.00'), written).toThrow(
        `Transaction 1: TRNAMT '${written}' is not an amount`,
      );
  });

  it('refuses an OFX transaction in another currency than its statement’s', () => {
    const withCurrency = (aggregate: string) =>
      sampleOfx.replace('<MEMO>Groceries', `<MEMO>Groceries\n${aggregate}`);
    expect(() => parseOfx(withCurrency('<CURRENCY>\n<CURRATE>0.65\n<CURSYM>USD\n</CURRENCY>'))).toThrow(
      'Transaction 1 is in USD; the statement is in AUD',
    );
    expect(() => parseOfx(withCurrency('<CURRENCY><CURRATE>0.65</CURRATE></CURRENCY>'))).toThrow(
      'Transaction 1 is in a currency it does not name; the statement is in AUD',
    );
    // The statement's own currency, or where the money came from: the amount is the account's.
    expect(parseOfx(withCurrency('<CURRENCY>\n<CURRATE>1\n<CURSYM>aud\n</CURRENCY>'))[0]?.amount).toBe(
      '-15.20',
    );
    expect(
      parseOfx(withCurrency('<ORIGCURRENCY>\n<CURRATE>0.65\n<CURSYM>USD\n</ORIGCURRENCY>')),
    ).toHaveLength(2);
  });

  it('reads OFX statement transactions with their FITIDs', () => {
    expect(parseOfx(sampleOfx)).toEqual([
      { date: '2026-11-02', amount: '-15.20', description: 'COLES 0456 Groceries', fileId: 'FIT-001' },
      { date: '2026-11-04', amount: '100.00', description: 'TRANSFER FROM SAVINGS', fileId: 'FIT-002' },
    ]);
  });
});
