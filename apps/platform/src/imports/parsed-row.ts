import { csvDateFormats } from '@waratah/contracts';

/** One transaction read from an imported file, before it is stored. */
export interface ImportedRow {
  /** YYYY-MM-DD. */
  date: string;
  /** Two-place decimal string, signed: debits negative. */
  amount: string;
  description: string;
  /** The file's own id of the transaction (OFX FITID), when it has one. */
  fileId: string | null;
}

/** A problem with the file, naming where (row and column) so the client can fix it. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

const decimal = /^([+-]?)(\d{1,12})(?:\.(\d{1,4}))?$/;
/** The largest amount the platform stores (numeric(14,2)), in cents. */
const maxCents = 99_999_999_999_999n;

/** The most rows one file may hold: more than a busy account's two years (some 73,000). */
export const maxImportRows = 100_000;

/**
 * A money amount as written in a file (`-12.5`, `1,234.56`, `$20`, `(15.00)`) as a two-place
 * decimal string, without passing through a float. Digits past the cent must be zeros
 * (`12.3400`): `12.345` is twelve thousand where a full stop groups thousands, and was read as
 * 12.35 before 2026-11-30, a silent thousandfold error.
 */
export function parseFileAmount(text: string): string | undefined {
  // Spaces around the sign, the `$` or the parentheses are no part of the number. Between digits a
  // space only groups thousands (`1 234.56`): `1 2` was read as 12.00 before 2026-12-03.
  let value = text
    .trim()
    .replace(/\$/g, '')
    .replace(/(?<!\d)\s+|\s+(?!\d)/g, '');
  if (/\s/.test(value)) {
    if (!/^[+-]?\(?\d{1,3}(\s\d{3})+(\.\d+)?\)?$/.test(value)) return undefined;
    value = value.replace(/\s/g, '');
  }
  if (/^\(.*\)$/.test(value)) value = `-${value.slice(1, -1)}`;
  // A comma groups thousands (1,234.56), or it is not ours to read: `-4,50` in a file written with
  // a decimal comma was -450.00 before 2026-11-29.
  if (value.includes(',')) {
    if (!/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) return undefined;
    value = value.replace(/,/g, '');
  }
  const match = decimal.exec(value);
  if (!match) return undefined;
  const [, sign = '', units = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return undefined;
  const cents = BigInt(units) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (cents > maxCents) return undefined;
  const whole = (cents / 100n).toString();
  const part = (cents % 100n).toString().padStart(2, '0');
  return `${sign === '-' && cents !== 0n ? '-' : ''}${whole}.${part}`;
}

/**
 * A text with U+FFFD, the character put in place of one that could not be read, is a file in
 * another encoding read as UTF-8 (Windows-1252's `CAFÉ` is `CAF\uFFFD`): refused, naming the line
 * of the first (`line`: a CSV's `Row 4`, an OFX file's `Line 4`) and how to save it again. The
 * file's bytes are gone by then (the request carries its text), so it cannot be decoded again here.
 */
export function checkDecoded(content: string, { line, saveAgain }: { line: string; saveAgain: string }) {
  const at = content.indexOf('\uFFFD');
  if (at < 0) return;
  const number = 1 + (content.slice(0, at).match(/\r\n|\r|\n/g)?.length ?? 0);
  throw new ImportFileError(
    `${line} ${number}: the file holds \uFFFD (U+FFFD), which stands for a character that could not be read: it is not UTF-8 text (Windows-1252, perhaps). ${saveAgain} and import that`,
  );
}

/** How a CSV writes its dates (the contract's list): `DD Mon YY` is NAB's `06 Nov 26`. */
export const dateFormats = csvDateFormats;
export type DateFormat = (typeof dateFormats)[number];

/** English month abbreviations, as NAB writes them (`Sept` as `Intl`'s en-AU writes it). */
const months = new Map(
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].map(
    (name, index) => [name, index + 1] as const,
  ),
).set('sept', 9);

/** The year, month and day a date is written as in the format, as text; undefined when it is not. */
function dateParts(
  value: string,
  format: DateFormat,
): [year: string, month: string, day: string] | undefined {
  if (format === 'YYYY-MM-DD') {
    const [, year = '', month = '', day = ''] = /^(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/.exec(value) ?? [];
    return year ? [year, month, day] : undefined;
  }
  if (format === 'DD Mon YY' || format === 'DD Mon YYYY') {
    // Two digits of year are this century's: a statement's `99` is refused as after next year,
    // not read as 1999.
    const short = format === 'DD Mon YY';
    const match = (
      short
        ? /^(\d{1,2})[ -]([A-Za-z]{3,4})[ -](\d{2})(?!\d)/
        : /^(\d{1,2})[ -]([A-Za-z]{3,4})[ -](\d{4})(?!\d)/
    ).exec(value);
    const month = months.get(match?.[2]?.toLowerCase() ?? '');
    if (!match || month === undefined) return undefined;
    const [, day = '', , year = ''] = match;
    return [short ? `20${year}` : year, String(month), day];
  }
  const [, a = '', b = '', year = ''] = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?!\d)/.exec(value) ?? [];
  if (!year) return undefined;
  return format === 'DD/MM/YYYY' ? [year, b, a] : [year, a, b];
}

/** A calendar date in one of the formats as YYYY-MM-DD, or undefined when it is not a real date. */
export function parseFileDate(text: string, format: DateFormat): string | undefined {
  const parts = dateParts(text.trim(), format);
  if (!parts) return undefined;
  const [year, month, day] = parts;
  // From 1900: PostgreSQL refuses the year 0 that JavaScript takes, and no statement is older.
  if (Number(year) < 1900) return undefined;
  // Nor past next year: a row dated 9999 shifted every balance a statement walks back from today.
  if (Number(year) > new Date().getUTCFullYear() + 1) return undefined;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const time = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== iso) return undefined;
  return iso;
}
