import { sydneyToday } from '../reports/sydney-calendar.ts';
import {
  checkDecoded,
  type ImportedRow,
  ImportFileError,
  maxImportRows,
  parseFileAmount,
  parseFileDate,
} from './parsed-row.ts';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with OFX's (SGML's and XML's) character references read: `Coffee &amp; cake` is `Coffee & cake`. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
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

/** A transaction's values as the file writes them, each the text from its tag to the next tag. */
interface WrittenTransaction {
  TRNAMT?: string;
  DTPOSTED?: string;
  FITID?: string;
  NAME?: string;
  MEMO?: string;
  /** The NAME of a `<PAYEE>` aggregate, which a transaction writes instead of its own NAME. */
  payee?: string;
  /** The CURSYM of each `<CURRENCY>` aggregate (its amount in another currency), undefined where it names none. */
  currencies: (string | undefined)[];
  /** A value written twice (TRNAMT, DTPOSTED or FITID), where reading either would be a guess. */
  repeated?: string;
}

/** One bank (`STMTRS`) or credit-card (`CCSTMTRS`) statement of the file. */
interface OfxStatement {
  tag: 'STMTRS' | 'CCSTMTRS';
  /** The ACCTID of its BANKACCTFROM or CCACCTFROM. */
  accountId?: string;
  /** Its CURDEF, upper-case. */
  currency?: string;
  transactions: WrittenTransaction[];
}

/** A transaction's values read as they are written. */
const transactionValues = new Set(['TRNAMT', 'DTPOSTED', 'FITID', 'NAME', 'MEMO']);
/** Aggregates a transaction holds whose values are not the transaction's own (a payee's NAME, another account's ACCTID). */
const transactionAggregates = new Set([
  'CURRENCY',
  'ORIGCURRENCY',
  'PAYEE',
  'BANKACCTTO',
  'CCACCTTO',
  'IMAGEDATA',
  'REWARDINFO',
]);
/** Values read as written more than once: two amounts (or dates, or ids) of one transaction are refused. */
const singleValues = new Set(['TRNAMT', 'DTPOSTED', 'FITID']);

const isLetter = (code: number) => (code | 32) >= 97 && (code | 32) <= 122;
/** Letters, digits and `.` (`<INTU.BID>`), `_`, `-`, `:`. */
const isNameCharacter = (code: number) =>
  isLetter(code) || (code >= 48 && code <= 58) || code === 46 || code === 95 || code === 45;
const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * The bank and credit-card statements of an OFX file, 1.x SGML or 2.x XML, in one pass over its
 * text. An element's value is its text to the next tag, so SGML's elements without an end tag
 * (`<NAME>Tea<MEMO>…`, on separate lines or all on one) and XML's with one (`<NAME>Tea</NAME>`)
 * read alike; tag names are read in any case (`<stmttrn>`). A `<` not followed by a tag name is
 * text (`A < B`). Processing instructions (the 2.x header), comments and declarations are
 * skipped; a CDATA section is text. A statement's transactions are its `<STMTTRN>`s; one not
 * closed ends at the next, or at the end of its list or statement. Nothing but the tags of a
 * statement is read: an investment statement's transactions (`INVBANKTRAN`) are none of these.
 */
function readOfxStatements(text: string): OfxStatement[] {
  const statements: OfxStatement[] = [];
  let statement: OfxStatement | undefined;
  let transaction: WrittenTransaction | undefined;
  /** The aggregate of `transactionAggregates` open in the transaction. */
  let inner: string | undefined;
  let inAccountFrom = false;
  /** The element whose value is being read: its text runs from `valueStart` to the next tag. */
  let reading: string | undefined;
  /** Its text before a comment or CDATA section within it. */
  let readSoFar = '';
  let valueStart = 0;

  const store = (value: string) => {
    const name = reading;
    reading = undefined;
    if (!statement || name === undefined) return;
    if (name === 'CURDEF') {
      statement.currency ??= value.trim().toUpperCase() || undefined;
    } else if (name === 'ACCTID') {
      statement.accountId ??= value.trim() || undefined;
    } else if (!transaction) {
      return;
    } else if (name === 'CURSYM') {
      transaction.currencies[transaction.currencies.length - 1] = value.trim().toUpperCase() || undefined;
    } else if (name === 'PAYEE') {
      transaction.payee ??= value;
    } else {
      const key = name as 'TRNAMT' | 'DTPOSTED' | 'FITID' | 'NAME' | 'MEMO';
      const before = transaction[key];
      if (before === undefined) transaction[key] = value;
      else if (singleValues.has(key)) transaction.repeated ??= key;
      // A second NAME or MEMO is more of the description, joined by one space (review 146: the
      // line break after the first was kept inside the description).
      else transaction[key] = `${before.trimEnd()} ${value.trimStart()}`;
    }
  };

  let at = text.indexOf('<');
  while (at !== -1) {
    const next = text.charCodeAt(at + 1);
    if (next === 33 || next === 63) {
      // `<!`: a comment, CDATA section or declaration; `<?`: a processing instruction.
      let end: number;
      let cdata = '';
      if (text.startsWith('<!--', at)) {
        const close = text.indexOf('-->', at + 4);
        end = close === -1 ? text.length : close + 3;
      } else if (text.startsWith('<![CDATA[', at)) {
        const close = text.indexOf(']]>', at + 9);
        end = close === -1 ? text.length : close + 3;
        // Its text as written: an `&` in it is no reference.
        cdata = text.slice(at + 9, close === -1 ? text.length : close).replaceAll('&', '&amp;');
      } else {
        const close = text.indexOf('>', at + 2);
        end = close === -1 ? text.length : close + 1;
      }
      if (reading !== undefined) {
        readSoFar += text.slice(valueStart, at) + cdata;
        valueStart = end;
      }
      at = text.indexOf('<', end);
      continue;
    }
    const closing = next === 47;
    const nameStart = at + (closing ? 2 : 1);
    let nameEnd = nameStart;
    let lowerCase = false;
    if (isLetter(text.charCodeAt(nameStart)))
      for (let code = text.charCodeAt(nameEnd); isNameCharacter(code); code = text.charCodeAt(++nameEnd))
        if (code >= 97) lowerCase = true;
    let end = nameEnd;
    while (isSpace(text.charCodeAt(end))) end += 1;
    const empty = !closing && text.charCodeAt(end) === 47;
    if (empty) end += 1;
    if (nameEnd === nameStart || text.charCodeAt(end) !== 62) {
      // Not a tag: text.
      at = text.indexOf('<', at + 1);
      continue;
    }
    if (reading !== undefined) {
      store(readSoFar + text.slice(valueStart, at));
      readSoFar = '';
    }
    valueStart = end + 1;
    at = text.indexOf('<', valueStart);
    const written = text.slice(nameStart, nameEnd);
    const name = lowerCase ? written.toUpperCase() : written;

    if (name === 'STMTRS' || name === 'CCSTMTRS') {
      if (closing) {
        statement = undefined;
        transaction = undefined;
        inner = undefined;
        inAccountFrom = false;
      } else if (empty) {
        statements.push({ tag: name, transactions: [] });
      } else {
        if (statement)
          throw new ImportFileError(
            `The OFX file's statement ${statements.length} is not closed (</${statement.tag}>) before the next begins`,
          );
        statement = { tag: name, transactions: [] };
        statements.push(statement);
      }
      continue;
    }
    // Only a statement's tags are read.
    if (!statement) continue;
    if (name === 'STMTTRN' || (closing && name === 'BANKTRANLIST')) {
      transaction = !closing && !empty && name === 'STMTTRN' ? { currencies: [] } : undefined;
      if (transaction) statement.transactions.push(transaction);
      inner = undefined;
      continue;
    }
    if (closing) {
      if (name === inner) inner = undefined;
      else if (name === 'BANKACCTFROM' || name === 'CCACCTFROM') inAccountFrom = false;
      continue;
    }
    if (transaction) {
      if (inner === undefined) {
        if (transactionAggregates.has(name)) {
          if (!empty) inner = name;
          if (name === 'CURRENCY') transaction.currencies.push(undefined);
        } else if (!empty && transactionValues.has(name)) {
          reading = name;
        }
      } else if (!empty && inner === 'CURRENCY' && name === 'CURSYM') {
        reading = 'CURSYM';
      } else if (!empty && inner === 'PAYEE' && name === 'NAME') {
        reading = 'PAYEE';
      }
      continue;
    }
    if (name === 'BANKACCTFROM' || name === 'CCACCTFROM') inAccountFrom = !empty;
    else if (!empty && (name === 'CURDEF' || (name === 'ACCTID' && inAccountFrom))) reading = name;
  }
  if (reading !== undefined) store(readSoFar + text.slice(valueStart));
  if (statement)
    throw new ImportFileError(
      `The OFX file ends inside its statement ${statements.length}: its </${statement.tag}> is missing`,
    );
  return statements;
}

/** An amount as OFX writes it: a sign, digits, and a decimal part after a full stop or a comma. */
const ofxAmount = /^[+-]?\d+(?:[.,]\d+)?$/;

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

/** A statement's ACCTIDs for a message: the first five, each cut to 40 characters. */
function accountIdsOf(statements: readonly OfxStatement[]): string {
  const named = statements
    .slice(0, 5)
    .map((statement) => (statement.accountId === undefined ? 'none' : statement.accountId.slice(0, 40)));
  return statements.length > 5 ? `${named.join(', ')} and ${statements.length - 5} more` : named.join(', ');
}

/**
 * The transactions of an OFX file's one bank or credit-card statement with transactions (1.x SGML
 * or 2.x XML), each checked as the file writes it. Given the account, the statement's CURDEF must
 * be its currency. A file holds a statement per account: one with transactions in more than one
 * is refused, naming their ACCTIDs, where before 2026-12-03 they were read as one (a JSON error),
 * a card statement's were dropped for a bank statement's, and the first statement's CURDEF was
 * checked whatever statement the transactions were in.
 */
export function parseOfx(text: string, account?: { currency: string }): ImportedRow[] {
  // An OFX 1.x file of `CHARSET:1252` (Windows-1252) read as UTF-8: before 2026-12-04 stored so
  // (`CAF\uFFFD`), where a CSV's was refused.
  checkDecoded(text, { line: 'Line', saveAgain: 'Save it again as UTF-8 (in a text editor)' });
  const statements = readOfxStatements(text);
  if (statements.length === 0)
    throw new ImportFileError('The file is not an OFX bank or credit-card statement');
  const withTransactions = statements.filter((statement) => statement.transactions.length > 0);
  if (withTransactions.length > 1)
    throw new ImportFileError(
      `The OFX file holds ${withTransactions.length} statements with transactions (ACCTID ${accountIdsOf(withTransactions)}); an import takes one account's statement`,
    );
  // A quiet month's statement, with no transactions, imports nothing; so do several.
  const statement = withTransactions[0] ?? (statements.length === 1 ? statements[0] : undefined);
  if (!statement) return [];
  const currency = statement.currency;
  // A statement in another currency would be stored as the account's.
  if (account && currency && currency !== account.currency)
    throw new ImportFileError(`The file is in ${currency}; the account is in ${account.currency}`);
  const transactions = statement.transactions;
  if (transactions.length > maxImportRows)
    throw new ImportFileError(
      `The file has ${transactions.length} transactions; one import takes at most ${maxImportRows}`,
    );
  // A statement's transactions are mostly of a few dates and times.
  const dates = new Map<string, string | undefined>();
  return transactions.map((transaction, index) => {
    const number = index + 1;
    if (transaction.repeated)
      throw new ImportFileError(`Transaction ${number} writes ${transaction.repeated} twice`);
    // Checked as written: the library read `,50` as 50 before 2026-12-02.
    const writtenAmount = transaction.TRNAMT?.trim() ?? '';
    if (!ofxAmount.test(writtenAmount))
      throw new ImportFileError(
        `Transaction ${number}: TRNAMT '${writtenAmount.slice(0, 40)}' is not an amount like -12.34`,
      );
    // A transaction's `<CURRENCY>` is its amount in another currency than the statement's (stored
    // as the account's before 2026-12-02). An `<ORIGCURRENCY>` only names the currency it came
    // from: the amount is the statement's.
    for (const symbol of transaction.currencies)
      if (symbol === undefined || symbol !== currency)
        throw new ImportFileError(
          `Transaction ${number} is in ${symbol ?? 'a currency it does not name'}; the statement is in ${currency ?? 'a currency it does not name'}`,
        );
    const posted = transaction.DTPOSTED?.trim() ?? '';
    let date = dates.get(posted);
    if (date === undefined && !dates.has(posted)) {
      date = postedDate(posted);
      dates.set(posted, date);
    }
    if (!date)
      throw new ImportFileError(
        `Transaction ${number}: DTPOSTED '${posted.slice(0, 40)}' is not an OFX date`,
      );
    const amount = parseFileAmount(writtenAmount.replace(',', '.'));
    if (amount === undefined) throw new ImportFileError(`Transaction ${number}: TRNAMT is not a number`);
    const description = [transaction.NAME ?? transaction.payee, transaction.MEMO]
      .map((part) => (part === undefined ? '' : decodeEntities(part).trim()))
      .filter(Boolean)
      .join(' ');
    // The FITID as written, references and all, as it always was: it is the row's id.
    const fitId = transaction.FITID?.trim() || null;
    // OFX allows 255 characters; a longer one overflowed the database's index row (a 500).
    if (fitId && fitId.length > 255)
      throw new ImportFileError(`Transaction ${number}: FITID is longer than 255 characters`);
    return { date, amount, description: description || 'OFX transaction', fileId: fitId };
  });
}
