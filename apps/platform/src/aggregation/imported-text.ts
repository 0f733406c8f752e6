/**
 * The most characters stored of a text that comes from outside the platform: a bank's or an
 * imported file's description, merchant name or reference, an account's name. Banks write a few
 * dozen; the Consumer Data Standards and the file formats set no limit, and before 2026-12-01 a
 * description of megabytes (one row of a 6 MB CSV, or a holder's answer of up to 10 MB) was stored
 * whole and sent with every page of transactions that held it.
 */
export const maxImportedTextLength = 1_000;

/** `text` cut to at most `max` UTF-16 code units, never through the middle of a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end);
}

/** A text from outside as it is stored: whole up to `maxImportedTextLength`, else cut and ending in "…". */
export function importedText(text: string): string {
  if (text.length <= maxImportedTextLength) return text;
  return `${cutText(text, maxImportedTextLength - 1)}…`;
}
