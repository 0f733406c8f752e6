import { Ofx } from 'ofx-data-extractor';
import { sydneyToday } from '../reports/sydney-calendar.ts';
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

/**
 * A date as OFX writes it (its 3.2.8.1): `YYYYMMDD`, then a time `HHMMSS` with milliseconds `.XXX`,
 * then an offset from GMT in hours, with a zone name for a label: `[-5:EST]`, `[10]`, `[5.5:IST]`.
 */
const ofxDate = /^(\d{4})-?(\d{2})-?(\d{2})(?:(\d{2})(\d{2})(\d{2})?(?:\.\d+)?)?(?:\[([^\]]*)\])?$/;
const ofxOffset = /^([+-]?\d{1,2}(?:\.\d{1,2})?)(?::.*)?$/;

/**
 * The calendar day in Sydney (DESIGN §3) of a DTPOSTED, or undefined when it is not an OFX date.
 * Before 2026-12-02 only its first eight digits were read: `20250630233000[0:GMT]`, 9:30 on 1 July
 * in Sydney, was stored as 30 June, in another month and financial year. A date alone is the day
 * written. So is a time without an offset: the specification reads it as GMT, but Australian banks
 * commonly write their own local time without one, which read as GMT would move each transaction
 * from 2 pm (1 pm in summer time) to the next day; the day written is the day of their statement,
 * and what was stored before. An offset says when it was: the time is read at it, in Sydney.
 */
function postedDate(written: string): string | undefined {
  const match = ofxDate.exec(written);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes, seconds = '00', zone] = match;
  // A real calendar date: 20261340 matches the pattern, and PostgreSQL would refuse it.
  const date = parseFileDate(`${year}-${month}-${day}`, 'YYYY-MM-DD');
  if (!date || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 60) return undefined;
  const offset = zone === undefined ? undefined : Number(ofxOffset.exec(zone)?.[1]);
  // An offset not written as one is refused rather than read as GMT (or as nothing).
  if (offset !== undefined && !(offset >= -12 && offset <= 14)) return undefined;
  if (hours === undefined || offset === undefined) return date;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
  return sydneyToday(new Date(time - Math.round(offset * 60) * 60_000));
}

/**
 * Each statement transaction's DTPOSTED as the file writes it, in the message set the library read
 * (`BANKMSGSRSV1` or `CREDITCARDMSGSRSV1`): the library keeps only the date.
 */
function writtenPostedDates(text: string, messageSet: string): string[] {
  const section =
    text.split(new RegExp(`<${messageSet}>`, 'i'), 2)[1]?.split(new RegExp(`</${messageSet}>`, 'i'), 1)[0] ??
    '';
  return section
    .split(/<STMTTRN>/i)
    .slice(1)
    .map((part) => /<DTPOSTED>([^<\r\n]*)/i.exec(part.split(/<\/STMTTRN>/i, 1)[0] ?? '')?.[1]?.trim() ?? '');
}

interface OfxTransaction {
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
  let type: string;
  try {
    const ofx = new Ofx(text.replaceAll('$', dollarStandIn), { nativeTypes: false });
    type = ofx.getType();
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
  const posted = writtenPostedDates(text, type === 'CREDIT_CARD' ? 'CREDITCARDMSGSRSV1' : 'BANKMSGSRSV1');
  if (posted.length !== transactions.length)
    throw new ImportFileError(
      `The OFX file writes ${posted.length} transactions where ${transactions.length} were read`,
    );
  return transactions.map((transaction, index) => {
    const date = postedDate(posted[index] ?? '');
    if (!date)
      throw new ImportFileError(
        `Transaction ${index + 1}: DTPOSTED '${posted[index]?.slice(0, 40)}' is not an OFX date`,
      );
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
