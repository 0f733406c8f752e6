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

/** A row's value in a column: only its own and only a string, never one `Object.prototype` has (`toString`). */
function cell(row: Record<string, string>, column: string | undefined): string {
  const value = column !== undefined && Object.hasOwn(row, column) ? row[column] : undefined;
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

/**
 * The file's columns and rows. The header row is read here, not by papaparse's `header` mode: its
 * renaming of repeated names (5.7.1) is quadratic, and a header of 200,000 names froze the server
 * for minutes before 2026-12-02; it also wrote to the console, and filed a row's values past the
 * header's under `__parsed_extra`, where they were lost (`1,250.00` unquoted was a credit of 1.00).
 */
function read(text: string, preview?: number): { columns: string[]; rows: Record<string, string>[] } {
  const content = text.replace(/^\uFEFF/, '');
  checkHeaderLine(content);
  const parsed = Papa.parse<string[]>(content, {
    skipEmptyLines: 'greedy',
    // The mapping step shows five rows: it reads a few more lines than that (papaparse counts raw
    // lines, blank ones too), not the whole file as before 2026-11-29. One more for the header.
    ...(preview ? { preview: preview + 1 } : {}),
  });
  const fatal = parsed.errors.find((error) => error.type === 'Delimiter' || error.code === 'MissingQuotes');
  if (fatal)
    throw new ImportFileError(
      `The CSV could not be read: ${fatal.message}${fatal.row === undefined ? '' : ` (row ${fatal.row + 1})`}`,
    );
  const [header = [], ...records] = parsed.data;
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
  const rows = records.map((record, index) => {
    if (record.length > width && record.slice(width).some((value) => value.trim() !== ''))
      throw new ImportFileError(
        `Row ${index + 2}: a value past the header's last column; a value holding the separator, like 1,250.00, must be in quotes`,
      );
    return Object.fromEntries(named.map(([key, column]) => [key, record[column] ?? '']));
  });
  return { columns, rows };
}

const guess = (columns: string[], pattern: RegExp) => columns.find((column) => pattern.test(column));
/** A column named like an amount that is not a debit or credit one. */
const signedAmountColumn = (columns: string[]) =>
  columns.find((column) => /amount/i.test(column) && !/debit|credit|withdrawal|deposit/i.test(column));

/** The column-mapping step: the file's columns, its first rows and a suggested mapping. */
export function previewCsv(text: string): CsvPreview {
  const { columns, rows } = read(text, 100);
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
  const firstDate = rows[0] ? cell(rows[0], suggested.date) : '';
  if (firstDate) suggested.dateFormat = /^\d{4}-/.test(firstDate.trim()) ? 'YYYY-MM-DD' : 'DD/MM/YYYY';
  const clean = Object.fromEntries(Object.entries(suggested).filter(([, value]) => value !== undefined));
  return { columns, rows: rows.slice(0, 5), suggested: clean };
}

/** Every row of a CSV under a mapping; the first bad row stops the import with its row number (header = row 1). */
export function parseCsv(text: string, mapping: CsvMapping): ImportedRow[] {
  const { columns, rows } = read(text);
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
  if (rows.length > maxImportRows)
    throw new ImportFileError(`The CSV has ${rows.length} rows; one import takes at most ${maxImportRows}`);
  return rows.map((row, index) => {
    const line = index + 2;
    const date = parseFileDate(cell(row, mapping.date), mapping.dateFormat);
    if (!date)
      throw new ImportFileError(
        `Row ${line}: '${cell(row, mapping.date)}' is not a ${mapping.dateFormat} date`,
      );
    let amount: string | undefined;
    if (mapping.amount) {
      amount = parseFileAmount(cell(row, mapping.amount));
    } else {
      amount = debitOrCredit(cell(row, mapping.debit), cell(row, mapping.credit), line);
    }
    if (amount === undefined) throw new ImportFileError(`Row ${line}: the amount is not a number`);
    const description = cell(row, mapping.description).trim();
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
