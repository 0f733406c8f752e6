import Papa from 'papaparse';
import {
  type DateFormat,
  type ImportedRow,
  ImportFileError,
  maxImportRows,
  parseFileAmount,
  parseFileDate,
} from './parsed-row.ts';

/** Which column holds what: column names as in the file's header row. */
export interface CsvMapping {
  date: string;
  description: string;
  /** One signed amount column … */
  amount?: string | undefined;
  /** … or separate debit and credit columns (both positive numbers). */
  debit?: string | undefined;
  credit?: string | undefined;
  dateFormat: DateFormat;
}

export interface CsvPreview {
  columns: string[];
  rows: Record<string, string>[];
  /** A guess from the column names, for the client to confirm or change. */
  suggested: Partial<CsvMapping>;
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
/** Enough of a file to guess its separator from its first ten lines, as papaparse does. */
const separatorSample = 1 << 16;

/**
 * The line break and separator papaparse guesses for the file, as it guessed them when it read the
 * whole file (and its "could not be guessed" error): the rows are read once these are known.
 *
 * The line break is guessed from the first megabyte alone, which is all it is given here. The
 * separator is guessed from the first ten lines, blank ones skipped; but papaparse splits a file
 * without a quote into all its lines to find them, once for each separator it tries (1.5 s for
 * 6 MB of short lines). Ten lines without a quote that end within the first 64 KB are the same ten
 * lines in those 64 KB, which it is then given instead.
 */
function guessFormat(content: string) {
  const { linebreak } = Papa.parse<string[]>(content.slice(0, lineBreakSample), {
    delimiter: ',',
    preview: 1,
    fastMode: false,
  }).meta;
  const newline = linebreak as Papa.ParseConfig['newline'];
  const sample = content.slice(0, separatorSample);
  const tenLines = !sample.includes('"') && sample.split(linebreak, 11).length === 11;
  const guessed = Papa.parse<string[]>(tenLines ? sample : content, {
    newline,
    skipEmptyLines: 'greedy',
    preview: 1,
    fastMode: false,
  });
  return { linebreak: newline, delimiter: guessed.meta.delimiter, errors: guessed.errors };
}

/** A line of nothing but separators and spaces: no row, as papaparse's `skipEmptyLines: 'greedy'`. */
const isEmptyRecord = (record: readonly string[]) => record.join('').trim() === '';

interface CsvRead {
  columns: string[];
  /** Each column's place in a row (a `Map`, so a column named `__proto__` is one like any other). */
  place: Map<string, number>;
  /** The rows after the header, as papaparse read them: their values by place, no object per row. */
  rows: string[][];
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
 * Papaparse hands over one line at a time and is stopped at the row past `maxRows`: before
 * 2026-12-02 it read the whole file, and each row became an object of every column before the
 * import's row limit was checked (6 MB of `1` lines under a header of a hundred columns was two
 * million objects, some 1.8 GB and minutes of a blocked server). Blank lines are dropped as they
 * come and are no row; they are counted for the line of a quote left open, as papaparse counts it.
 */
function read(text: string, { maxRows = Infinity, maxLines = Infinity }): CsvRead {
  const content = text.replace(/^\uFEFF/, '');
  checkHeaderLine(content);
  const guessed = guessFormat(content);
  const records: string[][] = [];
  let lines = 0;
  let more = false;
  let unclosed: Papa.ParseError | undefined;
  Papa.parse<string[]>(content, {
    delimiter: guessed.delimiter,
    newline: guessed.linebreak,
    // Every line comes to `step`, blank or not, so that a quote's line is counted as before.
    skipEmptyLines: false,
    // Not papaparse's split of the whole text into lines first, when it holds no quote.
    fastMode: false,
    step: (result, parser) => {
      const quote = result.errors.find((error) => error.code === 'MissingQuotes');
      // Papaparse counts the line of each error from the step's rows, which are one: its line is the
      // count of lines before it, as papaparse gave it when it read the whole file.
      if (quote && !unclosed) unclosed = { ...quote, row: lines };
      lines += 1;
      const record = result.data;
      if (!isEmptyRecord(record)) {
        // The header and `maxRows` rows are read: one more says there are more.
        if (records.length > maxRows) {
          more = true;
          parser.abort();
          return;
        }
        records.push(record);
      }
      if (lines >= maxLines) parser.abort();
    },
  });
  const fatal = unclosed ?? guessed.errors.find((error) => error.type === 'Delimiter');
  if (fatal)
    throw new ImportFileError(
      `The CSV could not be read: ${fatal.message}${fatal.row === undefined ? '' : ` (row ${fatal.row + 1})`}`,
    );
  const [header = [], ...rows] = records;
  if (header.length > maxCsvColumns)
    throw new ImportFileError(
      `The CSV has ${header.length} columns; a statement has at most ${maxCsvColumns}`,
    );
  // A repeated name gets a suffix (`Amount`, `Amount_1`), as papaparse gave it; an empty one is no column.
  const seen = new Set<string>();
  const keys = header.map((field) => {
    const name = field.trim();
    let key = name;
    for (let suffix = 1; name !== '' && seen.has(key); suffix += 1) key = `${name}_${suffix}`;
    seen.add(key);
    return key;
  });
  const named = keys.flatMap((key, column) => (key === '' ? [] : [[key, column] as const]));
  const columns = named.map(([key]) => key);
  if (columns.length < 2)
    throw new ImportFileError(
      'The CSV needs a header row naming at least a date, a description and an amount column',
    );
  // A row of fewer values than the header has empty ones at its end (the row's checks then name
  // it); one with a value past the header's last named column is refused, for its values would no
  // longer be in their columns. Empty values there (rows, or a header too, ending in a separator)
  // are no values.
  const width = (named.at(-1)?.[1] ?? -1) + 1;
  for (const [index, record] of rows.entries()) {
    if (record.length > width && record.slice(width).some((value) => value.trim() !== ''))
      throw new ImportFileError(
        `Row ${index + 2}: a value past the header's last column; a value holding the separator, like 1,250.00, must be in quotes`,
      );
  }
  return { columns, place: new Map(named), rows, more };
}

const guess = (columns: string[], pattern: RegExp) => columns.find((column) => pattern.test(column));
/** A column named like an amount that is not a debit or credit one. */
const signedAmountColumn = (columns: string[]) =>
  columns.find((column) => /amount/i.test(column) && !/debit|credit|withdrawal|deposit/i.test(column));

/** The column-mapping step: the file's columns, its first rows and a suggested mapping. */
export function previewCsv(text: string): CsvPreview {
  // The mapping step shows five rows: it reads a few more lines than that (blank ones count), not
  // the whole file as before 2026-11-29. One more for the header.
  const { columns, place, rows } = read(text, { maxLines: 101 });
  // A mapping that can be sent back as it is: one amount column, or a debit and a credit one,
  // never both ("Debit Amount" is a debit column, not the signed amount: before 2026-11-29 it was
  // suggested as both, and every debit was stored as a credit).
  const debit = guess(columns, /debit|withdrawal/i);
  const credit = guess(columns, /credit|deposit/i);
  // One "Debit/Credit" column (a direction, or a signed amount) is no pair.
  const pair = debit !== undefined && credit !== undefined && debit !== credit;
  const amount = guess(columns, /^amount$/i) ?? (pair ? undefined : signedAmountColumn(columns));
  const suggested: Partial<CsvMapping> = {
    date: guess(columns, /date/i),
    description: guess(columns, /desc|narrative|details|memo|payee/i),
    ...(amount ? { amount } : pair ? { debit, credit } : {}),
  };
  const firstDate = cell(rows[0], suggested.date === undefined ? undefined : place.get(suggested.date));
  if (firstDate) suggested.dateFormat = /^\d{4}-/.test(firstDate.trim()) ? 'YYYY-MM-DD' : 'DD/MM/YYYY';
  const clean = Object.fromEntries(Object.entries(suggested).filter(([, value]) => value !== undefined));
  // An object for each row shown, of every column: for these five only.
  const shown = rows
    .slice(0, 5)
    .map((record) => Object.fromEntries([...place].map(([key, column]) => [key, cell(record, column)])));
  return { columns, rows: shown, suggested: clean };
}

/** Every row of a CSV under a mapping; the first bad row stops the import with its row number (header = row 1). */
export function parseCsv(text: string, mapping: CsvMapping): ImportedRow[] {
  // One row past the limit says the file has more: no further row is read.
  const { columns, place, rows, more } = read(text, { maxRows: maxImportRows });
  const named = [mapping.date, mapping.description, mapping.amount, mapping.debit, mapping.credit].filter(
    (column): column is string => column !== undefined,
  );
  const missing = named.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new ImportFileError(`The CSV has no column ${missing.map((column) => `'${column}'`).join(', ')}`);
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
    const line = index + 2;
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
