import { describe, expect, it } from 'vitest';
import { parseOfx } from './parse-ofx.ts';
import { sampleOfx } from './testing/sample-files.ts';

/** A bank statement (or, with `card`, a credit-card one) of one transaction per FITID given, SGML. */
function statement(
  accountId: string,
  fitIds: readonly string[],
  { currency = 'AUD', card = false }: { currency?: string; card?: boolean } = {},
) {
  const [open, from] = card ? ['CCSTMTRS', 'CCACCTFROM'] : ['STMTRS', 'BANKACCTFROM'];
  const transactions = fitIds.map((fitId, index) =>
    [
      '<STMTTRN>',
      '<TRNTYPE>DEBIT',
      `<DTPOSTED>2026110${index + 1}120000[+10:AEST]`,
      `<TRNAMT>-${index + 1}.50`,
      `<FITID>${fitId}`,
      `<NAME>SHOP ${accountId}`,
      '</STMTTRN>',
    ].join('\n'),
  );
  return [
    `<${card ? 'CCSTMTTRNRS' : 'STMTTRNRS'}>`,
    '<TRNUID>1',
    `<${open}>`,
    `<CURDEF>${currency}`,
    `<${from}>`,
    card ? '' : '<BANKID>062000',
    `<ACCTID>${accountId}`,
    `</${from}>`,
    '<BANKTRANLIST>',
    '<DTSTART>20261101',
    '<DTEND>20261105',
    ...transactions,
    '</BANKTRANLIST>',
    `</${open}>`,
    `</${card ? 'CCSTMTTRNRS' : 'STMTTRNRS'}>`,
  ].join('\n');
}

const head = sampleOfx.slice(0, sampleOfx.indexOf('<BANKMSGSRSV1>'));
const bankFile = (...statements: string[]) =>
  `${head}<BANKMSGSRSV1>\n${statements.join('\n')}\n</BANKMSGSRSV1>\n</OFX>\n`;
const aud = { currency: 'AUD' };

describe('OFX statements', () => {
  it('reads each statement of a file apart, taking the one with transactions and checking its currency', () => {
    // Before 2026-12-03 the first CURDEF was checked: an empty AUD statement let a USD one's
    // transactions be stored as AUD.
    expect(() =>
      parseOfx(bankFile(statement('111', []), statement('222', ['A', 'B'], { currency: 'USD' })), aud),
    ).toThrow('The file is in USD; the account is in AUD');
    const rows = parseOfx(
      bankFile(statement('111', [], { currency: 'USD' }), statement('222', ['A', 'B'])),
      aud,
    );
    expect(rows.map((row) => [row.date, row.amount, row.description, row.fileId])).toEqual([
      ['2026-11-01', '-1.50', 'SHOP 222', 'A'],
      ['2026-11-02', '-2.50', 'SHOP 222', 'B'],
    ]);
    // Transactions then an empty statement ("writes 2 transactions where 0 were read").
    expect(parseOfx(bankFile(statement('222', ['A', 'B']), statement('111', [])), aud)).toEqual(rows);
    // A file of empty statements only imports nothing.
    expect(parseOfx(bankFile(statement('111', []), statement('222', [])), aud)).toEqual([]);
  });

  it('refuses transactions in more than one statement, naming their ACCTIDs', () => {
    // Before 2026-12-03 two bank statements were read as one ("Expected ',' or ']' after array
    // element in JSON"), and a card statement's transactions were dropped for a bank statement's.
    expect(() => parseOfx(bankFile(statement('111', ['A']), statement('222', ['B'])))).toThrow(
      "The OFX file holds 2 statements with transactions (ACCTID 111, 222); an import takes one account's statement",
    );
    const card = `<CREDITCARDMSGSRSV1>\n${statement('4000', ['C'], { card: true })}\n</CREDITCARDMSGSRSV1>`;
    const both = bankFile(statement('111', ['A'])).replace('</OFX>', `${card}\n</OFX>`);
    expect(() => parseOfx(both)).toThrow('(ACCTID 111, 4000)');
    // A statement without its ACCTID, or one long, is named as it can be.
    expect(() =>
      parseOfx(
        bankFile(statement('111', ['A']).replace('<ACCTID>111', ''), statement('9'.repeat(60), ['B'])),
      ),
    ).toThrow(`(ACCTID none, ${'9'.repeat(40)})`);
    // A card statement alone is read.
    const cardOnly = `${head}${card}\n</OFX>\n`;
    expect(parseOfx(cardOnly, aud).map((row) => row.fileId)).toEqual(['C']);
  });

  it('reads SGML written on one line, an element ended by its aggregate’s end tag', () => {
    const oneLine = sampleOfx.replace(/\n(?=<)/g, '').replace(/\n+$/, '');
    expect(oneLine).toContain('<SEVERITY>INFO</STATUS>');
    expect(oneLine.slice(oneLine.indexOf('<OFX>'))).not.toContain('\n');
    expect(parseOfx(oneLine)).toEqual(parseOfx(sampleOfx));
    expect(parseOfx(sampleOfx.replace(/\n/g, '\r\n'))).toEqual(parseOfx(sampleOfx));
  });

  it('reads tags in any case', () => {
    // Before 2026-12-03 lower-case tags were no statement: 201, 0 rows.
    const lower = sampleOfx.replace(
      /<(\/?)([A-Z]+)>/g,
      (_, slash: string, name: string) => `<${slash}${name.toLowerCase()}>`,
    );
    expect(lower).toContain('<stmttrn>');
    expect(parseOfx(lower, aud)).toEqual(parseOfx(sampleOfx));
    expect(parseOfx(sampleOfx.replace('<STMTTRN>', '<StmtTrn>'))).toHaveLength(2);
  });

  it('keeps a text as written: braces, a lone <, a 4 MB MEMO', () => {
    // Before 2026-12-03 braces were eaten (`A {B} C},` was stored as `A B} C`), `A < B` refused
    // and a MEMO of 4 MB answered "Maximum call stack size exceeded".
    const named = (name: string) => parseOfx(sampleOfx.replace('COLES 0456', () => name))[0]?.description;
    expect(named('A {B} C},')).toBe('A {B} C}, Groceries');
    expect(named('REF: 123 "X":{1 [2] \\n')).toBe('REF: 123 "X":{1 [2] \\n Groceries');
    expect(named('A < B <3 </ C')).toBe('A < B <3 </ C Groceries');
    const memo = 'word '.repeat(800_000);
    const [row] = parseOfx(sampleOfx.replace('<MEMO>Groceries', `<MEMO>${memo}`));
    expect(row?.description).toBe(`COLES 0456 ${memo.trim()}`);
    // A NAME or MEMO written twice is joined by one space, the first's line break left out (review 146).
    const twice = sampleOfx.replace('<NAME>COLES 0456\n', '<NAME>COLES 0456\n<NAME>  SECOND\n');
    expect(parseOfx(twice)[0]?.description).toBe('COLES 0456 SECOND Groceries');
  });

  it('reads an XML file’s references, CDATA and comments, and its elements left empty', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
      '<OFX><!-- exported <STMTTRN> --><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS>',
      '<CURDEF>AUD</CURDEF><BANKACCTFROM><BANKID>062000</BANKID><ACCTID>1</ACCTID></BANKACCTFROM>',
      '<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261103120000.000[+10:AEST]</DTPOSTED>',
      '<TRNAMT>-5,00</TRNAMT><FITID>X1</FITID><NAME>Tea &amp; cake &#x2013; caf&#233;</NAME>',
      '<MEMO><![CDATA[Fish & <chips>]]> &lt;3</MEMO></STMTTRN>',
      '<STMTTRN><DTPOSTED>20261104</DTPOSTED><TRNAMT>1.00</TRNAMT><FITID>X2</FITID><NAME/><MEMO></MEMO></STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    expect(parseOfx(xml, aud)).toEqual([
      {
        date: '2026-11-03',
        amount: '-5.00',
        description: 'Tea & cake – café Fish & <chips> <3',
        fileId: 'X1',
      },
      { date: '2026-11-04', amount: '1.00', description: 'OFX transaction', fileId: 'X2' },
    ]);
  });

  it('reads a transaction’s own values, not those of a payee, another account or a balance', () => {
    const rows = parseOfx(
      sampleOfx
        .replace('<NAME>COLES 0456\n', '<PAYEE>\n<NAME>Landlord\n<ADDR1>1 George St\n</PAYEE>\n')
        .replace('<MEMO>Groceries', '<MEMO>Rent\n<BANKACCTTO>\n<BANKID>1\n<ACCTID>999\n</BANKACCTTO>')
        .replace(
          '</LEDGERBAL>',
          '</LEDGERBAL>\n<BALLIST>\n<BAL>\n<NAME>Bonus\n<VALUE>1\n<CURRENCY>\n<CURRATE>1\n<CURSYM>USD\n</CURRENCY>\n</BAL>\n</BALLIST>',
        ),
      aud,
    );
    expect(rows.map((row) => row.description)).toEqual(['Landlord Rent', 'TRANSFER FROM SAVINGS']);
  });

  it('refuses a file read as UTF-8 from another encoding, naming its line, as a CSV is', () => {
    // An OFX 1.x file of CHARSET:1252 whose CAFÉ was read as UTF-8: before 2026-12-04 stored as
    // `CAF\uFFFD SYDNEY`.
    const garbled = sampleOfx.replace('<NAME>COLES', '<NAME>CAF\uFFFD COLES');
    expect(garbled).not.toBe(sampleOfx);
    const line = garbled.slice(0, garbled.indexOf('\uFFFD')).split('\n').length;
    expect(() => parseOfx(garbled, aud)).toThrow(
      `Line ${line}: the file holds \uFFFD (U+FFFD), which stands for a character that could not be read: it is not UTF-8 text (Windows-1252, perhaps). Save it again as UTF-8 (in a text editor) and import that`,
    );
    // Its CRLF line breaks count once each.
    expect(() => parseOfx(garbled.replaceAll('\n', '\r\n'), aud)).toThrow(`Line ${line}:`);
    // The character itself, written as a reference, is text like any other.
    expect(
      parseOfx(sampleOfx.replace('<NAME>COLES', '<NAME>CAF&#xFFFD; COLES'), aud)[0]?.description,
    ).toMatch(/^CAF\uFFFD COLES/);
  });

  it('refuses a file cut short, and a transaction of two amounts, dates or FITIDs', () => {
    expect(() => parseOfx(sampleOfx.slice(0, sampleOfx.indexOf('</BANKTRANLIST>')))).toThrow(
      'The OFX file ends inside its statement 1: its </STMTRS> is missing',
    );
    expect(() => parseOfx(sampleOfx.replace('<STMTRS>', '<STMTRS>\n<STMTRS>'))).toThrow(
      "The OFX file's statement 1 is not closed (</STMTRS>) before the next begins",
    );
    // Before 2026-12-03 the second amount was stored.
    for (const value of ['TRNAMT>-99.00', 'DTPOSTED>20261101', 'FITID>FIT-009'])
      expect(
        () => parseOfx(sampleOfx.replace('<MEMO>Groceries', `<MEMO>Groceries\n<${value}`)),
        value,
      ).toThrow(`Transaction 1 writes ${value.split('>')[0]} twice`);
    // An investment statement's bank transactions are no bank statement's.
    const investment =
      '<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><INVTRANLIST><INVBANKTRAN><STMTTRN><DTPOSTED>20261101' +
      '<TRNAMT>1.00<FITID>I1</STMTTRN></INVBANKTRAN></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>';
    expect(() => parseOfx(investment)).toThrow('The file is not an OFX bank or credit-card statement');
  });
});
