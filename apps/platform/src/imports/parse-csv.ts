import Papa from 'papaparse';
import {
  checkDecoded,
  type DateFormat,
  dateFormats,
  type ImportedRow,
  ImportFileError,
  maxImportRows,
  parseFileAmount,
  parseFileDate,
} from './parsed-row.ts';

/**
 * Which column holds what: column names as in the file's header row, or for a file without one
 * `Column 1`, `Column 2`, … as the preview names them.
 */
export interface CsvMapping {
  date: string;
  description: string;
  /** One signed amount column … */
  amount?: string | undefined;
  /** … or separate debit and credit columns (both positive numbers). */
  debit?: string | undefined;
  credit?: string | undefined;
  dateFormat: DateFormat;
  /** Whether the first row names the columns; undefined: detected, as the preview detects it. */
  hasHeader?: boolean | undefined;
}

export interface CsvPreview {
  /** Whether the first row names the columns (false: it is a transaction, and among `rows`). */
  hasHeader: boolean;
  columns: string[];
  rows: Record<string, string>[];
  /**
   * A guess, for the client to confirm or change: from the column names, or for a file without a
   * header row from the values.
   */
  suggested: Partial<Omit<CsvMapping, 'hasHeader'>>;
}

/** The most columns a CSV may have: a statement has a handful; more is not a statement. */
export const maxCsvColumns = 100;

/** The longest header row a CSV may have, in characters: a hundred names of a hundred each. */
export const maxCsvHeaderLength = 10_000;

/**
 * A row's value in a column: the file's row as papaparse read it, and the column's place in it
 * (`undefined` for a column the file does not have). A row shorter than the header is empty there.
 */
function cell(record: readonly string[] | undefined, column: number | undefined): string {
  const value = record !== undefined && column !== undefined ? record[column] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * The header line's length and columns, before papaparse reads the file. Each delimiter papaparse
 * may guess is counted, quoted or not: more than the columns the header can have, never fewer.
 */
function checkHeaderLine(text: string) {
  const line =
    text
      .trimStart()
      .slice(0, maxCsvHeaderLength + 1)
      .split(/\r|\n/, 1)[0] ?? '';
  if (line.length > maxCsvHeaderLength)
    throw new ImportFileError(
      `The CSV's header row is longer than ${maxCsvHeaderLength} characters; a statement's is a few hundred`,
    );
  const delimiters = [',', '\t', '|', ';', Papa.RECORD_SEP, Papa.UNIT_SEP];
  const columns = Math.max(...delimiters.map((delimiter) => line.split(delimiter).length));
  if (columns > maxCsvColumns)
    throw new ImportFileError(`The CSV has ${columns} columns; a statement has at most ${maxCsvColumns}`);
}

/** What papaparse reads of a file to guess its line break: its first megabyte. */
const lineBreakSample = 1 << 20;
/** What papaparse reads of a file to guess its separator: its first 64 KB, cut at a line break. */
const separatorSample = 1 << 16;

/** A run of blank lines (spaces and tabs at most), from where it is tried. */
const blankLines = /(?:[ \t]*(?:\r\n|\r|\n))+/y;

/**
 * The file's first lines that end within 64 KB of text, blank lines left out (all of them for a
 * smaller file; the 64 KB for a first line longer than that). Blank lines are passed over in runs,
 * so a header followed by megabytes of them still gives its rows (they made the guess read the
 * whole file: review 146).
 */
function sampleOf(content: string, linebreak: string): { text: string; whole: boolean } {
  if (content.length <= separatorSample) return { text: content, whole: true };
  const lines: string[] = [];
  let length = 0;
  let at = 0;
  while (at < content.length && length < separatorSample) {
    blankLines.lastIndex = at;
    if (blankLines.test(content)) at = blankLines.lastIndex;
    if (at >= content.length) break;
    const end = content.indexOf(linebreak, at);
    const line = content.slice(at, end < 0 ? content.length : end + linebreak.length);
    // The line that would pass the 64 KB is cut there, unless it is the first.
    if (length + line.length > separatorSample && lines.length > 0) break;
    lines.push(line.slice(0, separatorSample));
    length += line.length;
    at += line.length;
  }
  // Whole: every line of the file is in it (the blank ones aside), none cut.
  return { text: lines.join(''), whole: at >= content.length && length <= separatorSample };
}

/**
 * The line break and separator papaparse guesses for the file, and its "could not be guessed"
 * error: the rows are read once these are known.
 *
 * The line break is guessed from the first megabyte, the separator from the first ten rows, blank
 * ones skipped. Papaparse tries each separator on all the text it is given: in a file without a
 * quote it first splits the text into lines, and with a quote one it does not expect (`"a",b`
 * under `|`) it looks for the quote's end through the whole text. It is given the lines in the first
 * 64 KB, which hold the first ten rows of any statement: before 2026-12-03 a file with a quote in
 * its first 64 KB was given whole (90,000 rows like `"03/11/2026",-4.50,"COFFEE",1234.56`: 784 ms
 * for the preview of five rows). Only when those lines are fewer than two rows (a first row longer
 * than 64 KB) is the whole file read.
 */
function guessFormat(content: string) {
  const { linebreak } = Papa.parse<string[]>(content.slice(0, lineBreakSample), {
    delimiter: ',',
    preview: 1,
    fastMode: false,
  }).meta;
  const newline = linebreak as Papa.ParseConfig['newline'];
  const guess = (input: string) =>
    Papa.parse<string[]>(input, { newline, skipEmptyLines: 'greedy', preview: 2, fastMode: false });
  const sample = sampleOf(content, linebreak);
  let guessed = guess(sample.text);
  if (guessed.data.length < 2 && !sample.whole) guessed = guess(content);
  return { linebreak: newline, delimiter: guessed.meta.delimiter, errors: guessed.errors };
}

/** The line breaks inside a row's values (quoted ones), which make it more than one line of the file. */
function lineBreaksIn(record: readonly string[]) {
  let breaks = 0;
  for (const value of record)
    if (value.includes('\n') || value.includes('\r')) breaks += value.match(/\r\n|\r|\n/g)?.length ?? 0;
  return breaks;
}

const isDate = (value: string) => dateFormats.some((format) => parseFileDate(value, format) !== undefined);
const isAmount = (value: string) => value.trim() !== '' && parseFileAmount(value) !== undefined;

/**
 * A row holding a date (in a format a mapping can name) and, in another column, an amount: a
 * transaction, not a header row, which names its columns (`Date`, `Amount`) with neither.
 */
function isTransaction(record: readonly string[]) {
  const date = record.findIndex(isDate);
  return date >= 0 && record.some((value, column) => column !== date && isAmount(value));
}

/** A line of nothing but separators and spaces: no row, as papaparse's `skipEmptyLines: 'greedy'`. */
const isEmptyRecord = (record: readonly string[]) => record.join('').trim() === '';

interface CsvRead {
  /** Whether the first row named the columns: as the mapping says, or detected. */
  hasHeader: boolean;
  columns: string[];
  /** Each column's place in a row (a `Map`, so a column named `__proto__` is one like any other). */
  place: Map<string, number>;
  /** The rows after the header, as papaparse read them: their values by place, no object per row. */
  rows: string[][];
  /** Each row's line in the file, from 1: the first of a row holding a quoted line break. */
  lines: number[];
  /** Whether the file has more rows than `maxRows`, which were not read. */
  more: boolean;
}

/**
 * The file's columns and its rows, at most `maxRows` of them (and whether it has more), from its
 * first `maxLines` lines (blank ones too, the header's too). The header row is read here, not by
 * papaparse's `header` mode: its renaming of repeated names (5.7.1) is quadratic, and a header of
 * 200,000 names froze the server for minutes before 2026-12-02; it also wrote to the console, and
 * filed a row's values past the header's under `__parsed_extra`, where they were lost (`1,250.00`
 * unquoted was a credit of 1.00).
 *
 * A file whose first row is a transaction (`hasHeader` false, or not given and detected so) has no
 * header: its columns are `Column 1` … `Column n`, n the first row's values, and its first row is
 * a row. CommBank's and ANZ's exports are so; before 2026-12-03 their first (newest) transaction
 * was read as the header and silently left out.
 *
 * Papaparse hands over one line at a time and is stopped at the row past `maxRows`: before
 * 2026-12-02 it read the whole file, and each row became an object of every column before the
 * import's row limit was checked (6 MB of `1` lines under a header of a hundred columns was two
 * million objects, some 1.8 GB and minutes of a blocked server). Blank lines are dropped as they
 * come and are no row; they are counted, as are the line breaks in quoted values, for each row's
 * line in the file (before 2026-12-03 a row's number skipped the blank lines before it).
 */
function read(
  text: string,
  {
    maxRows = Infinity,
    maxLines = Infinity,
    hasHeader,
  }: { maxRows?: number; maxLines?: number; hasHeader?: boolean | undefined },
): CsvRead {
  const content = text.replace(/^\uFEFF/, '');
  checkHeaderLine(content);
  checkDecoded(content, { line: 'Row', saveAgain: 'Save it again as UTF-8 (in Excel, "CSV UTF-8")' });
  const guessed = guessFormat(content);
  const records: string[][] = [];
  const lines: number[] = [];
  // The file's line the next row starts on, and the rows handed over, blank ones too.
  let line = 1;
  let handed = 0;
  let header: boolean | undefined;
  let more = false;
  let unclosed: Papa.ParseError | undefined;
  Papa.parse<string[]>(content, {
    delimiter: guessed.delimiter,
    newline: guessed.linebreak,
    // Every line comes to `step`, blank or not, so that each row's line is counted.
    skipEmptyLines: false,
    // Not papaparse's split of the whole text into lines first, when it holds no quote.
    fastMode: false,
    step: (result, parser) => {
      const record = result.data;
      const start = line;
      line += 1 + lineBreaksIn(record);
      handed += 1;
      const quote = result.errors.find((error) => error.code === 'MissingQuotes');
      // Papaparse counts the line of each error from the step's rows, which are one: its line is
      // the row's in the file.
      if (quote && !unclosed) unclosed = { ...quote, row: start - 1 };
      if (!isEmptyRecord(record)) {
        header ??= hasHeader ?? !isTransaction(record);
        // The header and `maxRows` rows are read: one more says there are more.
        if (records.length >= maxRows + (header ? 1 : 0)) {
          more = true;
          parser.abort();
          return;
        }
        records.push(record);
        lines.push(start);
      }
      if (handed >= maxLines) parser.abort();
    },
  });
  const fatal = unclosed ?? guessed.errors.find((error) => error.type === 'Delimiter');
  if (fatal)
    throw new ImportFileError(
      `The CSV could not be read: ${fatal.message}${fatal.row === undefined ? '' : ` (row ${fatal.row + 1})`}`,
    );
  header ??= hasHeader ?? true;
  const [first = []] = records;
  if (first.length > maxCsvColumns)
    throw new ImportFileError(
      `The CSV has ${first.length} columns; a statement has at most ${maxCsvColumns}`,
    );
  const named = header
    ? namedColumns(first)
    : first.map((_, column) => [`Column ${column + 1}`, column] as const);
  const rows = header ? records.slice(1) : records;
  const rowLines = header ? lines.slice(1) : lines;
  const columns = named.map(([key]) => key);
  if (columns.length < 2)
    throw new ImportFileError(
      header
        ? 'The CSV needs a header row naming at least a date, a description and an amount column'
        : 'The CSV needs at least a date, a description and an amount column',
    );
  // A row of fewer values than the header has empty ones at its end (the row's checks then name
  // it); one with a value past the header's last named column is refused, for its values would no
  // longer be in their columns. Empty values there (rows, or a header too, ending in a separator)
  // are no values. Without a header, the first row's values are the columns.
  const width = (named.at(-1)?.[1] ?? -1) + 1;
  for (const [index, record] of rows.entries()) {
    if (record.length > width && record.slice(width).some((value) => value.trim() !== ''))
      throw new ImportFileError(
        `Row ${rowLines[index]}: a value past the ${header ? "header's" : "first row's"} last column; a value holding the separator, like 1,250.00, must be in quotes`,
      );
  }
  return { hasHeader: header, columns, place: new Map(named), rows, lines: rowLines, more };
}

/**
 * The columns a header row names, with their places: a repeated name gets a suffix (`Amount`,
 * `Amount_1`), as papaparse gave it; an empty one is no column.
 */
function namedColumns(header: readonly string[]) {
  const seen = new Set<string>();
  const keys = header.map((field) => {
    const name = field.trim();
    let key = name;
    for (let suffix = 1; name !== '' && seen.has(key); suffix += 1) key = `${name}_${suffix}`;
    seen.add(key);
    return key;
  });
  return keys.flatMap((key, column) => (key === '' ? [] : [[key, column] as const]));
}

const guess = (columns: string[], pattern: RegExp) => columns.find((column) => pattern.test(column));
/** A column named like an amount that is not a debit or credit one. */
const signedAmountColumn = (columns: string[]) =>
  columns.find((column) => /amount/i.test(column) && !/debit|credit|withdrawal|deposit/i.test(column));

type Suggestion = CsvPreview['suggested'];

/** A mapping from the header row's names. */
function suggestByName(columns: string[]): Suggestion {
  // A mapping that can be sent back as it is: one amount column, or a debit and a credit one,
  // never both ("Debit Amount" is a debit column, not the signed amount: before 2026-11-29 it was
  // suggested as both, and every debit was stored as a credit).
  const debit = guess(columns, /debit|withdrawal/i);
  const credit = guess(columns, /credit|deposit/i);
  // One "Debit/Credit" column (a direction, or a signed amount) is no pair.
  const pair = debit !== undefined && credit !== undefined && debit !== credit;
  const amount = guess(columns, /^amount$/i) ?? (pair ? undefined : signedAmountColumn(columns));
  return {
    date: guess(columns, /date/i),
    description: guess(columns, /desc|narrative|details|memo|payee/i),
    ...(amount ? { amount } : pair ? { debit, credit } : {}),
  };
}

/** An amount as whole cents, for the running-balance check. */
const cents = (value: string) => BigInt((parseFileAmount(value) ?? '0.00').replace('.', ''));

/**
 * Whether `balance` is the running balance after `amount`, rows newest first (CommBank's) or oldest
 * first: each row's balance is the one before it in time plus its amount. Two rows at least.
 */
function runsWith(rows: readonly string[][], amount: number, balance: number) {
  if (rows.length < 2) return false;
  const amounts = rows.map((row) => cents(cell(row, amount)));
  const balances = rows.map((row) => cents(cell(row, balance)));
  const runs = (newestFirst: boolean) =>
    balances.every((after, index) => {
      const before = balances[newestFirst ? index + 1 : index - 1];
      return before === undefined || after === before + (amounts[index] ?? 0n);
    });
  return runs(true) || runs(false);
}

/**
 * A mapping from the values of a file without a header row (CommBank: date, amount, description,
 * balance; ANZ: date, amount, description): the column of dates; the column of amounts, with
 * cents before without, the first unless one is the other's running balance; and the longest
 * text, one not all numbers, as the description. A debit and credit pair is not told apart here.
 */
function suggestByContent(columns: string[], rows: readonly string[][]): Suggestion {
  const places = columns.map((_, column) => column);
  const every = (column: number, test: (value: string) => boolean) =>
    rows.length > 0 && rows.every((row) => test(cell(row, column)));
  const date =
    places.find((column) => every(column, isDate)) ?? places.find((column) => isDate(cell(rows[0], column)));
  const withCents = (value: string) => /\.\d{2}\s*\)?$/.test(value.trim());
  const amounts = places
    .filter((column) => column !== date && every(column, isAmount))
    .sort((a, b) => Number(every(b, withCents)) - Number(every(a, withCents)) || a - b);
  const pair = amounts.flatMap((amount) =>
    amounts.filter((balance) => balance !== amount && runsWith(rows, amount, balance)).map(() => amount),
  );
  const amount = pair[0] ?? amounts[0];
  const length = (column: number) => rows.reduce((total, row) => total + cell(row, column).trim().length, 0);
  const description = places
    .filter(
      (column) => column !== date && !every(column, isAmount) && !every(column, isDate) && length(column) > 0,
    )
    .sort((a, b) => length(b) - length(a) || a - b)[0];
  const name = (column: number | undefined) => (column === undefined ? undefined : columns[column]);
  return { date: name(date), description: name(description), amount: name(amount) };
}

/** The date formats a suggestion tries, the first preferred where several read every date. */
const suggestedDateFormats: DateFormat[] = [
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'DD Mon YY',
  'DD Mon YYYY',
  'MM/DD/YYYY',
];

/**
 * The format that reads the most of the dates (NAB's `06 Nov 26` is `DD Mon YY`; it was suggested
 * as DD/MM/YYYY before 2026-12-03, and every row refused); none when it reads none.
 */
function suggestDateFormat(dates: readonly string[]): DateFormat | undefined {
  const written = dates.filter((date) => date.trim() !== '');
  let best: DateFormat | undefined;
  let most = 0;
  for (const format of suggestedDateFormats) {
    const read = written.filter((date) => parseFileDate(date, format) !== undefined).length;
    if (read > most) [best, most] = [format, read];
  }
  return best;
}

/** The column-mapping step: the file's columns, its first rows and a suggested mapping. */
export function previewCsv(text: string): CsvPreview {
  // The mapping step shows five rows: it reads a few more lines than that (blank ones count), not
  // the whole file as before 2026-11-29. One more for the header.
  const { hasHeader, columns, place, rows } = read(text, { maxLines: 101 });
  const suggested = hasHeader ? suggestByName(columns) : suggestByContent(columns, rows);
  const dateColumn = suggested.date === undefined ? undefined : place.get(suggested.date);
  const dateFormat =
    dateColumn === undefined ? undefined : suggestDateFormat(rows.map((row) => cell(row, dateColumn)));
  if (dateFormat) suggested.dateFormat = dateFormat;
  const clean = Object.fromEntries(Object.entries(suggested).filter(([, value]) => value !== undefined));
  // An object for each row shown, of every column: for these five only.
  const shown = rows
    .slice(0, 5)
    .map((record) => Object.fromEntries([...place].map(([key, column]) => [key, cell(record, column)])));
  return { hasHeader, columns, rows: shown, suggested: clean };
}

/**
 * Every row of a CSV under a mapping; the first bad row stops the import with its row number: its
 * line in the file (the header's is 1, and blank lines count).
 */
export function parseCsv(text: string, mapping: CsvMapping): ImportedRow[] {
  // One row past the limit says the file has more: no further row is read.
  const { hasHeader, columns, place, rows, lines, more } = read(text, {
    maxRows: maxImportRows,
    hasHeader: mapping.hasHeader,
  });
  const named = [mapping.date, mapping.description, mapping.amount, mapping.debit, mapping.credit].filter(
    (column): column is string => column !== undefined,
  );
  const missing = named.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    // A mapping of a file without a header by its first row's values, or of `Column n` to a file
    // read with a header: how the file was read says why.
    const read = !hasHeader
      ? `; it has no header row (its first row is a transaction), and its columns are named 'Column 1' to '${columns.at(-1)}', as the preview names them`
      : mapping.hasHeader === undefined && missing.every((column) => /^Column \d+$/.test(column))
        ? '; its first row was read as its header row (has_header: false reads it as a transaction)'
        : '';
    throw new ImportFileError(
      `The CSV has no column ${missing.map((column) => `'${column}'`).join(', ')}${read}`,
    );
  }
  if (!mapping.amount && !(mapping.debit && mapping.credit)) {
    throw new ImportFileError('Map either an amount column or both a debit and a credit column');
  }
  if (mapping.amount && (mapping.debit || mapping.credit)) {
    throw new ImportFileError('Map either an amount column or a debit and a credit column, not both');
  }
  if (more)
    throw new ImportFileError(
      `The CSV has more than ${maxImportRows} rows; one import takes at most ${maxImportRows}`,
    );
  // Each mapped column's place in a row, read by place: no object of every column per row.
  const at = (column: string | undefined) => (column === undefined ? undefined : place.get(column));
  const places = {
    date: at(mapping.date),
    description: at(mapping.description),
    amount: at(mapping.amount),
    debit: at(mapping.debit),
    credit: at(mapping.credit),
  };
  return rows.map((row, index) => {
    // The row's line in the file: before 2026-12-03 its place among the rows plus one, blank
    // lines left out (a bad date on line 4 after a blank line was "Row 3").
    const line = lines[index] ?? index + 2;
    const date = parseFileDate(cell(row, places.date), mapping.dateFormat);
    if (!date)
      throw new ImportFileError(
        `Row ${line}: '${cell(row, places.date)}' is not a ${mapping.dateFormat} date`,
      );
    let amount: string | undefined;
    if (mapping.amount) {
      amount = parseFileAmount(cell(row, places.amount));
    } else {
      amount = debitOrCredit(cell(row, places.debit), cell(row, places.credit), line);
    }
    if (amount === undefined) throw new ImportFileError(`Row ${line}: the amount is not a number`);
    const description = cell(row, places.description).trim();
    if (!description) throw new ImportFileError(`Row ${line}: the description is empty`);
    return { date, amount, description, fileId: null };
  });
}

/**
 * One signed amount from a debit and a credit column: the one that holds a number other than zero
 * (banks often write 0.00 in the other; before 2026-11-29 a debit of 0.00 hid its row's credit).
 * Both zero is 0.00; both non-zero is refused; both empty is no amount (a mapping of the wrong
 * columns must not import every row as $0).
 */
function debitOrCredit(debitText: string, creditText: string, line: number): string | undefined {
  if (debitText.trim() === '' && creditText.trim() === '') return undefined;
  const amountOf = (text: string) => (text.trim() === '' ? '0.00' : parseFileAmount(text));
  const debit = amountOf(debitText);
  const credit = amountOf(creditText);
  if (debit === undefined || credit === undefined) return undefined;
  const isZero = (value: string) => /^-?0\.00$/.test(value);
  if (!isZero(debit) && !isZero(credit)) {
    throw new ImportFileError(`Row ${line}: both the debit and the credit column hold an amount`);
  }
  if (isZero(debit)) return credit;
  return debit.startsWith('-') ? debit : `-${debit}`;
}
