import { Ofx } from 'ofx-data-extractor';
import {
  type ImportedRow,
  ImportFileError,
  maxImportRows,
  parseFileAmount,
  parseFileDate,
} from './parsed-row.ts';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with OFX's (SGML's and XML's) character references read: `Coffee &amp; cake` is `Coffee & cake`. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (reference, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : reference;
    }
    return entities[name.toLowerCase()] ?? reference;
  });
}

/** The statement's currency (`CURDEF`), upper-case, when the file names one. */
export function ofxCurrency(text: string): string | undefined {
  return /<CURDEF>\s*([A-Za-z]{3})/i.exec(text)?.[1]?.toUpperCase();
}

/**
 * What stands for `$` while the library reads the file: it builds its JSON with `String.replace`,
 * whose replacement reads `$&`, `$'`, `$1` in the file's own text (a NAME of `$&` a hundred times in
 * a 5 MB file made a string of 500 million characters before 2026-12-02). U+FFFF is no character:
 * a file holding it is refused.
 */
const dollarStandIn = '\uFFFF';
const withDollars = (value: unknown) =>
  typeof value === 'string' ? value.replaceAll(dollarStandIn, '$') : value;

/** An amount as OFX writes it: a sign, digits, and a decimal part after a full stop or a comma. */
const ofxAmount = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * Each transaction's amount and currency as the file writes them, before the library reads it: it
 * read `,50` as 50, and a transaction's `<CURRENCY>` (its amount in another currency than the
 * statement's `CURDEF`, which the account's is checked against) was stored as the account's, before
 * 2026-12-02. An `<ORIGCURRENCY>` only names the currency it came from: the amount is the statement's.
 */
function checkTransactionTexts(text: string) {
  const statement = ofxCurrency(text);
  for (const [index, part] of text
    .split(/<STMTTRN>/i)
    .slice(1)
    .entries()) {
    const transaction = part.split(/<\/STMTTRN>/i, 1)[0] ?? '';
    for (const [, written = ''] of transaction.matchAll(/<TRNAMT>([^<\r\n]*)/gi)) {
      if (!ofxAmount.test(written.trim()))
        throw new ImportFileError(
          `Transaction ${index + 1}: TRNAMT '${written.trim().slice(0, 40)}' is not an amount like -12.34`,
        );
    }
    for (const currency of transaction.split(/<CURRENCY>/i).slice(1)) {
      const aggregate = currency.split(/<\/CURRENCY>/i, 1)[0] ?? '';
      const symbol = /<CURSYM>\s*([A-Za-z]{3})(?![A-Za-z])/i.exec(aggregate)?.[1]?.toUpperCase();
      if (symbol === undefined || symbol !== statement)
        throw new ImportFileError(
          `Transaction ${index + 1} is in ${symbol ?? 'a currency it does not name'}; the statement is in ${statement ?? 'a currency it does not name'}`,
        );
    }
  }
}

interface OfxTransaction {
  DTPOSTED?: unknown;
  TRNAMT?: unknown;
  FITID?: unknown;
  NAME?: unknown;
  MEMO?: unknown;
}

/** The bank and credit-card statement transactions of an OFX file (1.x SGML or 2.x XML). */
export function parseOfx(text: string): ImportedRow[] {
  if (text.includes(dollarStandIn))
    throw new ImportFileError('The OFX file holds the character U+FFFF, which is not text');
  checkTransactionTexts(text);
  let transactions: OfxTransaction[];
  try {
    const ofx = new Ofx(text.replaceAll('$', dollarStandIn), { nativeTypes: false });
    const type = ofx.getType();
    transactions = (
      type === 'CREDIT_CARD' ? ofx.getCreditCardTransferList() : ofx.getBankTransferList()
    ) as OfxTransaction[];
  } catch (error) {
    throw new ImportFileError(
      `The OFX file could not be read: ${withDollars(error instanceof Error ? error.message : String(error))}`,
    );
  }
  // The library reads an empty transaction list as none at all: a quiet month's statement imports
  // nothing, where before 2026-11-30 it was refused.
  if (transactions === undefined && /<(STMTRS|CCSTMTRS)>/i.test(text)) transactions = [];
  if (!Array.isArray(transactions)) throw new ImportFileError('The OFX file has no statement transactions');
  // The library reads any text without a bank statement as an empty card statement: a CSV sent as
  // OFX, or an investment statement, was "imported" with no rows before 2026-11-30.
  // A quiet month's statement, with an empty transaction list, is still a statement.
  if (transactions.length === 0 && !/<(STMTRS|CCSTMTRS|BANKTRANLIST)>/i.test(text))
    throw new ImportFileError('The file is not an OFX bank or credit-card statement');
  if (transactions.length > maxImportRows)
    throw new ImportFileError(
      `The file has ${transactions.length} transactions; one import takes at most ${maxImportRows}`,
    );
  return transactions.map((transaction, index) => {
    const posted = String(withDollars(transaction.DTPOSTED) ?? '');
    const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(posted);
    // A real calendar date: 20261340 matches the pattern, and PostgreSQL would refuse it.
    const date = match && parseFileDate(`${match[1]}-${match[2]}-${match[3]}`, 'YYYY-MM-DD');
    if (!date) throw new ImportFileError(`Transaction ${index + 1}: DTPOSTED '${posted}' is not an OFX date`);
    const amount = parseFileAmount(String(transaction.TRNAMT ?? ''));
    if (amount === undefined) throw new ImportFileError(`Transaction ${index + 1}: TRNAMT is not a number`);
    const description = [withDollars(transaction.NAME), withDollars(transaction.MEMO)]
      .map((part) => (typeof part === 'string' ? decodeEntities(part).trim() : ''))
      .filter(Boolean)
      .join(' ');
    const written = withDollars(transaction.FITID);
    const fitId = typeof written === 'string' && written.trim() ? written.trim() : null;
    // OFX allows 255 characters; a longer one overflowed the database's index row (a 500).
    if (fitId && fitId.length > 255) {
      throw new ImportFileError(`Transaction ${index + 1}: FITID is longer than 255 characters`);
    }
    return {
      date,
      amount,
      description: description || 'OFX transaction',
      fileId: fitId,
    };
  });
}
