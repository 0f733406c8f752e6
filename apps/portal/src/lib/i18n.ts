import type accounts from '../locales/en-AU/accounts.json';
import type clientDetails from '../locales/en-AU/clientDetails.json';
import type clients from '../locales/en-AU/clients.json';
import type documents from '../locales/en-AU/documents.json';
import type goals from '../locales/en-AU/goals.json';
import type overview from '../locales/en-AU/overview.json';
import type passport from '../locales/en-AU/passport.json';
import type transactions from '../locales/en-AU/transactions.json';
import core from '../locales/en-AU.json';

/** The portal speaks Australian English only (spec §1). */
export const locale = 'en-AU';

/**
 * The strings: the frame's in `en-AU.json`, each client-page area's in `en-AU/{area}.json` under a
 * top-level key of the same name, so areas are edited without touching each other. The frame's are
 * bundled here; the areas' join them with the signed-in frame (`i18n-areas.ts`), so that the
 * sign-in page's JavaScript does not carry them.
 */
type Strings = typeof core &
  typeof clients &
  typeof clientDetails &
  typeof overview &
  typeof accounts &
  typeof transactions &
  typeof goals &
  typeof passport &
  typeof documents;

/** Every dotted path to a string in `T`. */
type StringPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : StringPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A plural's forms (`clients_one`, `clients_other`) are asked for by their stem, with a count. */
type WithoutPluralForm<Path> = Path extends `${infer Stem}_${'zero' | 'one' | 'other'}` ? Stem : Path;

/** The key of a string: `'auth.login.heading'`, `'counts.clients'` (checked by TypeScript). */
export type TranslationKey = WithoutPluralForm<StringPaths<Strings>>;

/** Values for the string's `{{name}}` places; `count` also picks the plural form. */
export type TranslationValues = { count?: number } & Record<string, unknown>;

export type Translate = (key: TranslationKey, values?: TranslationValues) => string;

type StringTree = { [key: string]: string | StringTree };

const strings: StringTree = { ...core };
const pluralRules = new Intl.PluralRules(locale);
const numberFormat = new Intl.NumberFormat(locale);

/** The string at a dotted path, or undefined when there is none. */
function lookUp(path: string): string | undefined {
  let node: string | StringTree | undefined = strings;
  for (const part of path.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The string for `key` with its `{{name}}` places filled from `values`; `{{name, number}}` writes a
 * number as en-AU does ("10,000"). With a `count`, the plural form en-AU's rules pick (`_one`,
 * `_other`), or `_zero` for a count of 0 where the string has one (spec §9: "No transactions").
 * A key with no string reads as itself, so a missing string shows rather than blanking the page.
 */
export function translate(key: TranslationKey, values: TranslationValues = {}): string {
  const { count } = values;
  let text: string | undefined;
  if (typeof count === 'number') {
    text = (count === 0 ? lookUp(`${key}_zero`) : undefined) ?? lookUp(`${key}_${pluralRules.select(count)}`);
  }
  text ??= lookUp(key);
  if (text === undefined) return key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (place, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined || value === null) return place;
    return format === 'number' && typeof value === 'number' ? numberFormat.format(value) : String(value);
  });
}

/**
 * Adds strings under new top-level keys (a client-page area's). Added before the components that
 * read them render (`i18n-areas.ts` loads with the signed-in frame), so nothing re-renders for it.
 */
export function addStrings(more: Record<string, unknown>): void {
  Object.assign(strings, more);
}

/** For modules outside React (document titles, error messages). */
export const i18n = { language: locale, t: translate };

/**
 * The components' access to the strings, shaped as react-i18next's hook was: one locale whose strings
 * never change while a page shows, so there is no provider and nothing to subscribe to.
 */
export function useTranslation(): { t: Translate } {
  return { t: translate };
}
