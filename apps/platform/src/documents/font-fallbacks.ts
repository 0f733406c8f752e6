import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type FontkitFont, fontkit, pdfFontFromWoff2 } from './woff2-to-ttf.ts';

/**
 * Fonts for the characters a tenant's font lacks (docs/documents.md, Fonts). The tenants' fonts
 * hold basic Latin and Latin-1 only, so a client called Nguyễn, Łukasz or 王小明 printed as
 * missing-glyph boxes. These families come from npm (`@fontsource-variable/*`, SIL Open Font
 * License), in the order they are tried after the tenant's font:
 *
 * - Noto Sans: Latin Extended, Vietnamese, Greek, Cyrillic, the rupee sign;
 * - Noto Sans SC: Chinese (simplified, and most traditional characters), Japanese kana, arrows
 *   and other symbols;
 * - Noto Sans KR: Korean;
 * - Noto Emoji: emoji, in black and white (a PDF font has no colour here).
 *
 * Each family is split by its package into small files by Unicode range (fontsource's slices,
 * 100 or so for the Chinese and Korean ones), each listed in the package's `index.css` with its
 * `unicode-range`. A slice is read and converted (`pdfFontFromWoff2`, weight 400) only when a
 * document first needs one of its characters, then kept for the process: a document of Latin text
 * loads none of them. Text is written in the font of each slice it uses, and pdfkit embeds of each
 * only the glyphs used.
 *
 * Characters of scripts that need shaping or are written right to left (Arabic, Hebrew, the Indic
 * scripts…) are never taken from a fallback: without shaping and bidirectional ordering their
 * glyphs would spell something else. They print as the replacement character, as does a
 * character no font has.
 */

/** A slice of a family: one font file and the characters it is meant for. */
export interface FallbackFace {
  /** Unique per face, e.g. `noto-sans-sc/noto-sans-sc-44-wght-normal`. */
  readonly key: string;
  /** The slice as a static TrueType font (fontkit's parsed font, as pdfkit takes it). */
  readonly font: FontkitFont;
}

interface Slice {
  key: string;
  file: string;
  /** Start and end (inclusive) of each range, flattened. */
  ranges: number[];
  /** Loaded on first use; null when its file could not be read or converted. */
  face?: FallbackFace | null;
}

export interface FallbackFamily {
  readonly name: string;
  /**
   * The first slice that is meant for every one of `codePoints` and has a glyph for each, loading
   * it if need be; null when no slice does, or a code point is of a script not drawn from a
   * fallback.
   */
  faceFor(codePoints: readonly number[]): FallbackFace | null;
}

const familyPackages = [
  { name: 'Noto Sans', packageName: '@fontsource-variable/noto-sans' },
  { name: 'Noto Sans SC', packageName: '@fontsource-variable/noto-sans-sc' },
  { name: 'Noto Sans KR', packageName: '@fontsource-variable/noto-sans-kr' },
  { name: 'Noto Emoji', packageName: '@fontsource-variable/noto-emoji' },
] as const;

/**
 * Scripts drawn from a fallback font: left to right, one glyph per character (with NFC applied
 * first). `Common` holds digits, punctuation, symbols and emoji; `Inherited` combining marks.
 */
const drawnScript =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Common}\p{Script=Inherited}]$/u;

/** Whether a fallback may draw the character (see above); the tenant's font draws what it has. */
export function drawnByFallback(codePoint: number): boolean {
  return drawnScript.test(String.fromCodePoint(codePoint));
}

/** The `@font-face` rules of a fontsource package's `index.css`: file and unicode ranges. */
export function slicesOfCss(css: string): { file: string; ranges: number[] }[] {
  const slices: { file: string; ranges: number[] }[] = [];
  for (const rule of css.split('@font-face').slice(1)) {
    const file = /src:\s*url\(\.\/files\/([^)]+\.woff2)\)/.exec(rule)?.[1];
    const unicodeRange = /unicode-range:\s*([^;}]+)/.exec(rule)?.[1];
    // Only the upright weight axis (Noto Sans also ships italics and widths).
    if (!file || !unicodeRange || !file.endsWith('-wght-normal.woff2')) continue;
    const ranges: number[] = [];
    for (const part of unicodeRange.split(',')) {
      const [start, end = start] = part.trim().replace(/^U\+/i, '').split('-');
      const from = Number.parseInt(start ?? '', 16);
      const to = Number.parseInt(end ?? '', 16);
      if (Number.isInteger(from) && Number.isInteger(to)) ranges.push(from, to);
    }
    slices.push({ file, ranges });
  }
  return slices;
}

const require = createRequire(import.meta.url);

export class PackagedFamily implements FallbackFamily {
  readonly name: string;
  readonly #packageName: string;
  #slices: Slice[] | undefined;
  /** Per code point, the slices meant for it, in the package's order. */
  readonly #slicesByCodePoint = new Map<number, Slice[]>();

  constructor(name: string, packageName: string) {
    this.name = name;
    this.#packageName = packageName;
  }

  faceFor(codePoints: readonly number[]): FallbackFace | null {
    if (codePoints.length === 0 || !codePoints.every(drawnByFallback)) return null;
    const [first, ...rest] = codePoints;
    for (const slice of this.#slicesFor(first ?? 0)) {
      if (!rest.every((codePoint) => this.#slicesFor(codePoint).includes(slice))) continue;
      const face = this.#load(slice);
      if (face && codePoints.every((codePoint) => face.font.hasGlyphForCodePoint(codePoint))) return face;
    }
    return null;
  }

  #slicesFor(codePoint: number): Slice[] {
    let found = this.#slicesByCodePoint.get(codePoint);
    if (!found) {
      found = this.#allSlices().filter(({ ranges }) => {
        for (let index = 0; index < ranges.length; index += 2) {
          if (codePoint >= (ranges[index] ?? 0) && codePoint <= (ranges[index + 1] ?? -1)) return true;
        }
        return false;
      });
      this.#slicesByCodePoint.set(codePoint, found);
    }
    return found;
  }

  /**
   * The package's slices; none, once, where the package cannot be read (an install without it):
   * its characters then print as the replacement character instead of failing every document
   * that has one, for good (review 147).
   */
  #allSlices(): Slice[] {
    if (!this.#slices) {
      try {
        const folder = dirname(require.resolve(`${this.#packageName}/package.json`));
        this.#slices = slicesOfCss(readFileSync(join(folder, 'index.css'), 'utf8')).map(
          ({ file, ranges }) => ({
            key: `${this.#packageName.replace(/^@[^/]+\//, '')}/${file.replace(/\.woff2$/, '')}`,
            file: join(folder, 'files', file),
            ranges,
          }),
        );
      } catch (error) {
        process.emitWarning(`The fallback font ${this.#packageName} cannot be read: ${String(error)}`);
        this.#slices = [];
      }
    }
    return this.#slices;
  }

  /** A slice's face, or null (once warned) for a file that cannot be read or converted. */
  #load(slice: Slice): FallbackFace | null {
    if (slice.face === undefined) {
      // Read and converted in the render that first needs it (the renderers are synchronous); a
      // slice is 4–170 KB and takes some 5–400 ms, once per process.
      try {
        const font = fontkit.create(pdfFontFromWoff2(readFileSync(slice.file)));
        slice.face = { key: slice.key, font };
      } catch (error) {
        process.emitWarning(`The fallback font ${slice.file} cannot be read: ${String(error)}`);
        slice.face = null;
      }
    }
    return slice.face;
  }
}

let families: readonly FallbackFamily[] | undefined;

/** The fallback families, in the order they are tried (shared by every document of the process). */
export function fallbackFamilies(): readonly FallbackFamily[] {
  families ??= familyPackages.map(({ name, packageName }) => new PackagedFamily(name, packageName));
  return families;
}
