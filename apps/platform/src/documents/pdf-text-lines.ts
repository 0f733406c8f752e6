/**
 * One-line text for a pdfkit document, measured and written without pdfkit's `text()`.
 *
 * A statement's table is about 25,000 cells, and pdfkit's `text()` and `widthOfString()` lay out
 * each one word by word and write each of its eight content stream operators as a buffer of its
 * own. The brand font has no layout tables (no GSUB, GPOS or kern; see `pdfFontFromWoff2`), so a
 * line's glyphs are its characters' glyphs one by one and its width is the sum of their advances:
 * each character is encoded once per document through pdfkit (which adds its glyph to the
 * embedded subset, the widths and the ToUnicode map; measuring does too, so the subset may hold a
 * few glyphs of text that was cut off) and a row of cells is written as one string.
 *
 * Text whose layout is not that simple — combining marks, invisible format characters, variation
 * selectors — and any font with layout tables go through pdfkit as before.
 * `pdf-text-lines.test.ts` checks that both ways give the same glyphs at the same places.
 *
 * Given fallback families (`font-fallbacks.ts`), a character the current font lacks is set in the
 * first family that has it, in runs of one font each on the same baseline: a word (letters, digits
 * and marks) that needs a fallback is set whole in the first family that has all of it, so that
 * "Nguyễn" is not two designs. A character no font may draw prints as U+FFFD (or "?" where no font
 * has that either), never as a missing-glyph box or nothing.
 */

import type { FallbackFace, FallbackFamily } from './font-fallbacks.ts';

/** The parts of pdfkit's document and embedded font used here (pdfkit 0.17–0.20 internals). */
interface EmbeddedFont {
  id: string;
  /** Ascender, in 1000 units per em. */
  ascender: number;
  /** fontkit's font (for pdfkit's standard 14 fonts, their metrics instead: no `layout`). */
  font: {
    layout?: unknown;
    GSUB?: unknown;
    GPOS?: unknown;
    kern?: unknown;
    morx?: unknown;
    hasGlyphForCodePoint?(codePoint: number): boolean;
  };
  encode(text: string): [string[], Array<{ xAdvance: number }>];
  /** Width in points at `size` as pdfkit lays the text out. */
  widthOfString(text: string, size: number): number;
  ref(): unknown;
}

interface DocumentInternals {
  _font: EmbeddedFont;
  _fontSize: number;
  _fontSource: unknown;
  _fontFamily: unknown;
  page: { height: number; fonts: Record<string, unknown> };
  /** A string is turned into bytes character by character, in JavaScript; bytes are kept as given. */
  addContent(data: string | Uint8Array): unknown;
  /** pdfkit's font switch: a fontkit font is embedded under `family` (once per document). */
  font(source: unknown, family: string): unknown;
}

/** A character's glyph in the embedded subset (hex) and its advance in 1000 units per em. */
interface Glyph {
  hex: string;
  advance: number;
}

/** Characters set by their glyph alone: letters, digits, punctuation, symbols, spaces. */
const plainCharacter = /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]$/u;
/** Control characters and line or paragraph separators: a cell is one line. */
const lineBreaking = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
/** Invisible characters (joiners, variation selectors, soft hyphens…): no glyph is needed. */
const invisible = /^\p{Default_Ignorable_Code_Point}$/u;
const invisibles = /\p{Default_Ignorable_Code_Point}/gu;
/** Clusters that are part of a word: set in one family where a fallback is needed. */
const wordCluster = /^[\p{L}\p{N}\p{M}]/u;
/** Where a line may break besides after a space: around ideographs and kana. */
const breaksAround = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60]/u;
/** The current font lacks a glyph for the character (and fallbacks were given). */
const missing = Symbol('missing');
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * Text each of whose characters is a cluster of its own: no marks or variation selectors, format
 * characters (joiners, tags), emoji modifiers, regional indicators (flags) or conjoining jamo.
 */
const singleCharacterClusters =
  /^[^\p{M}\p{Cf}\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]*$/u;
/** Mixed-font layouts kept per document (descriptions repeat); the map is emptied past this. */
const maxKeptLayouts = 5_000;

/** A cell's text as one line: control characters and line breaks become a space. */
export function oneLine(text: string): string {
  return text.replace(lineBreaking, ' ');
}

export interface PlacedText {
  text: string;
  /** Left edge and top of the line, in pdfkit's coordinates (from the page's top left). */
  x: number;
  /** Font size of this text when not the document's (a number set smaller to fit its cell). */
  size?: number;
}

/** Consecutive characters of a mixed-font line in one font. */
interface Run {
  font: EmbeddedFont;
  text: string;
  /** One per character, or null when pdfkit lays the run out. */
  glyphs: Glyph[] | null;
  /** In 1000 units per em. */
  advance: number;
}

/** A mixed-font line: its runs, and its clusters (what a shortened line is cut between). */
interface MixedLayout {
  runs: Run[];
  clusters: { text: string; advance: number }[];
}

export class PdfTextLines {
  readonly #doc: PDFKit.PDFDocument;
  readonly #internals: DocumentInternals;
  #font: EmbeddedFont | undefined;
  /**
   * Per code point of the current font: its glyph, null when pdfkit must lay it out, or `missing`
   * when the font has none (with fallbacks).
   */
  #glyphs = new Map<number, Glyph | null | typeof missing>();
  #simpleFont = false;
  readonly #fallbacks: readonly FallbackFamily[];
  /** Each fallback face as embedded in this document. */
  readonly #embedded = new Map<FallbackFace, EmbeddedFont>();
  /** Per embedded font, per code point: its glyph (plain characters only). */
  readonly #fontGlyphs = new Map<EmbeddedFont, Map<number, Glyph>>();
  /** Per text, its mixed-font layout in the current font. */
  #layouts = new Map<string, MixedLayout>();
  /** Per cluster, per family (the current font first), the font that has it or null. */
  #clusterFonts = new Map<string, Array<EmbeddedFont | null>>();

  /** `fallbacks`: fonts for what the current font lacks, tried in order (none: the old way). */
  constructor(doc: PDFKit.PDFDocument, fallbacks: readonly FallbackFamily[] = []) {
    this.#doc = doc;
    this.#internals = doc as unknown as DocumentInternals;
    this.#fallbacks = fallbacks;
  }

  /** Whether `text` needs a font other than the current one. */
  needsFallback(text: string): boolean {
    return this.#glyphsOf(text) === missing;
  }

  /** The width of `text` in the current font and size, in points. */
  width(text: string): number {
    const glyphs = this.#glyphsOf(text);
    if (glyphs === missing) return (this.#mixed(text).advance * this.#internals._fontSize) / 1000;
    if (!glyphs) return this.#doc.widthOfString(text);
    let advance = 0;
    for (const glyph of glyphs) advance += glyph.advance;
    return (advance * this.#internals._fontSize) / 1000;
  }

  /**
   * The longest start of `text` that fits `width` with an ellipsis after it (trailing spaces
   * dropped), and that line's width; `text` itself when it fits.
   */
  fitted(text: string, width: number): { text: string; width: number } {
    const glyphs = this.#glyphsOf(text);
    if (glyphs === missing) return this.#fittedMixed(text, width);
    if (!glyphs) return this.#fittedByBisection(text, width);
    const scale = this.#internals._fontSize / 1000;
    let full = 0;
    for (const glyph of glyphs) full += glyph.advance;
    if (full * scale <= width) return { text, width: full * scale };
    const characters = [...text];
    const ellipsis = this.#ellipsisAdvance();
    if (ellipsis === undefined) return this.#fittedByBisection(text, width);
    let fits = 0;
    let advance = 0;
    while (fits < glyphs.length && (advance + (glyphs[fits]?.advance ?? 0) + ellipsis) * scale <= width) {
      advance += glyphs[fits]?.advance ?? 0;
      fits++;
    }
    const shortened = `${characters.slice(0, Math.max(1, fits)).join('').trimEnd()}…`;
    return { text: shortened, width: this.width(shortened) };
  }

  /** The same as `fitted`, by pdfkit's measure (bisection over the text's length). */
  #fittedByBisection(text: string, width: number): { text: string; width: number } {
    const full = this.width(text);
    if (full <= width) return { text, width: full };
    let fits = 0;
    let tooLong = text.length;
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (this.width(`${text.slice(0, middle)}…`) <= width) fits = middle;
      else tooLong = middle;
    }
    const shortened = `${text.slice(0, Math.max(1, fits)).trimEnd()}…`;
    return { text: shortened, width: this.width(shortened) };
  }

  #ellipsisAdvance(): number | undefined {
    const ellipsis = this.#glyphsOf('…');
    return ellipsis === null || ellipsis === missing ? undefined : ellipsis[0]?.advance;
  }

  /** `fitted` for mixed-font text: cut between clusters (a letter and its marks stay together). */
  #fittedMixed(text: string, width: number): { text: string; width: number } {
    const scale = this.#internals._fontSize / 1000;
    const { clusters, advance: full } = this.#mixed(text);
    if (full * scale <= width) return { text, width: full * scale };
    const ellipsis = this.#ellipsisAdvance() ?? this.width('…') / scale;
    let fits = 0;
    let advance = 0;
    while (fits < clusters.length && (advance + (clusters[fits]?.advance ?? 0) + ellipsis) * scale <= width) {
      advance += clusters[fits]?.advance ?? 0;
      fits++;
    }
    // The shortened text may be set otherwise (a word cut before its only accented letter is back
    // in the current font): measured again, and cut further while it is too wide.
    for (let keep = Math.max(1, fits); ; keep--) {
      const shortened = `${clusters
        .slice(0, keep)
        .map((cluster) => cluster.text)
        .join('')
        .trimEnd()}…`;
      const shortenedWidth = this.width(shortened);
      if (shortenedWidth <= width || keep <= 1) return { text: shortened, width: shortenedWidth };
    }
  }

  /**
   * `text` broken into lines no wider than `width` (the last may hold only what did not fit): at
   * spaces, around ideographs and kana, and inside a word only where the word alone is too wide.
   * Line breaks in `text` start a new line; other control characters are spaces.
   */
  wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|[\n\r\u2028\u2029]/)) {
      const pieces = this.#breakPieces(oneLine(paragraph));
      let line = '';
      for (const piece of pieces) {
        if (line === '' || this.width(`${line}${piece}`.trimEnd()) <= width) {
          line += piece;
          continue;
        }
        lines.push(line.trimEnd());
        line = piece.trimStart();
      }
      // A piece wider than the line on its own is broken between its clusters.
      lines.push(line.trimEnd());
    }
    return lines.flatMap((line) => this.#broken(line, width));
  }

  /** Pieces of a paragraph between which a line may break, each with the spaces after it. */
  #breakPieces(paragraph: string): string[] {
    const pieces: string[] = [];
    let piece = '';
    let afterSpace = false;
    let afterIdeograph = false;
    for (const { segment } of graphemes.segment(paragraph)) {
      const space = /^\s+$/u.test(segment);
      const ideograph = breaksAround.test(segment);
      if (piece !== '' && !space && (afterSpace || afterIdeograph || ideograph)) {
        pieces.push(piece);
        piece = '';
      }
      piece += segment;
      afterSpace = space;
      afterIdeograph = ideograph;
    }
    if (piece !== '') pieces.push(piece);
    return pieces;
  }

  /** A line wider than `width` (one long word) cut between clusters into lines that fit. */
  #broken(line: string, width: number): string[] {
    if (this.width(line) <= width) return [line];
    const lines: string[] = [];
    let current = '';
    for (const { segment } of graphemes.segment(line)) {
      if (current !== '' && this.width(current + segment) > width) {
        lines.push(current);
        current = segment.trimStart();
      } else current += segment;
    }
    if (current !== '') lines.push(current);
    return lines;
  }

  /**
   * Writes each text on one line whose top is at `y`, never wrapped, in the current font, size
   * and fill colour: where pdfkit's `text(t, x, y, { lineBreak: false })` would put it.
   */
  write(lines: readonly PlacedText[], y: number): void {
    const internals = this.#internals;
    const font = internals._font;
    // pdfkit puts a line's top at y and its baseline an ascender below; the page's coordinates
    // run up from its bottom.
    const lineSize = internals._fontSize;
    const ascent = (font.ascender / 1000) * lineSize;
    const baseline = internals.page.height - y - ascent;
    let operators = '';
    // The font and size the operators so far leave set: one Tf per change.
    let setFont = font;
    let setSize = lineSize;
    for (const { text, x, size = lineSize } of lines) {
      if (text === '') continue;
      const glyphs = this.#glyphsOf(text);
      if (glyphs !== missing && size === lineSize) {
        if (!glyphs) {
          this.#doc.text(text, x, y, { lineBreak: false });
          continue;
        }
        if (setFont !== font || setSize !== size) operators += `/${font.id} ${pdfNumber(size)} Tf\n`;
        [setFont, setSize] = [font, size];
        operators += `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm <${this.#hex(glyphs)}> Tj\n`;
        continue;
      }
      let left = x;
      for (const run of this.#runs(text)) {
        if (run.glyphs) {
          internals.page.fonts[run.font.id] ??= run.font.ref();
          if (setFont !== run.font || setSize !== size)
            operators += `/${run.font.id} ${pdfNumber(size)} Tf\n`;
          [setFont, setSize] = [run.font, size];
          operators += `1 0 0 1 ${pdfNumber(left)} ${pdfNumber(baseline)} Tm <${this.#hex(run.glyphs)}> Tj\n`;
        } else {
          // pdfkit lays it out, in the run's font and size, on the line's baseline.
          internals._font = run.font;
          internals._fontSize = size;
          this.#doc.text(run.text, left, y, { lineBreak: false, baseline: -ascent });
          internals._font = font;
          internals._fontSize = lineSize;
        }
        left += (run.advance * size) / 1000;
      }
    }
    if (operators === '') return;
    internals.page.fonts[font.id] ??= font.ref();
    // pdfkit's page is drawn upside down (origin at the top left); text is set upright again. The
    // operators are ASCII, given as bytes with the line end pdfkit would add.
    internals.addContent(
      Buffer.from(
        `q 1 0 0 -1 0 ${pdfNumber(internals.page.height)} cm BT /${font.id} ${pdfNumber(lineSize)} Tf\n${operators}ET Q\n`,
        'latin1',
      ),
    );
  }

  #hex(glyphs: readonly Glyph[]): string {
    let hex = '';
    for (const glyph of glyphs) hex += glyph.hex;
    return hex;
  }

  /** The runs of `text` (one when the current font has all of it). */
  #runs(text: string): Run[] {
    const glyphs = this.#glyphsOf(text);
    if (glyphs === missing) return this.#mixed(text).runs;
    const font = this.#internals._font;
    if (glyphs)
      return [{ font, text, glyphs, advance: glyphs.reduce((sum, glyph) => sum + glyph.advance, 0) }];
    return [{ font, text, glyphs: null, advance: font.widthOfString(text, 1000) }];
  }

  /**
   * The glyphs of `text` one character each, null when pdfkit must lay it out, or `missing` when
   * the current font lacks a character and fallbacks were given.
   */
  #glyphsOf(text: string): Glyph[] | null | typeof missing {
    const font = this.#internals._font;
    if (font !== this.#font) {
      this.#font = font;
      this.#glyphs = new Map();
      this.#layouts = new Map();
      this.#clusterFonts = new Map();
      const tables = font.font;
      this.#simpleFont =
        typeof tables.layout === 'function' && !tables.GSUB && !tables.GPOS && !tables.kern && !tables.morx;
    }
    if (!this.#simpleFont) return null;
    const glyphs: Glyph[] = [];
    let laidOut = false;
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      let glyph = this.#glyphs.get(codePoint);
      if (glyph === undefined) {
        if (this.#fallbacks.length > 0 && !this.#has(font, codePoint)) glyph = missing;
        else glyph = plainCharacter.test(character) ? this.#encode(font, character) : null;
        this.#glyphs.set(codePoint, glyph);
      }
      if (glyph === missing) return missing;
      if (glyph === null) laidOut = true;
      else glyphs.push(glyph);
    }
    return laidOut ? null : glyphs;
  }

  /** Whether `font` draws the character (an invisible one needs no glyph). */
  #has(font: EmbeddedFont, codePoint: number): boolean {
    return (
      invisible.test(String.fromCodePoint(codePoint)) || font.font.hasGlyphForCodePoint?.(codePoint) !== false
    );
  }

  /** `text` (which the current font does not wholly have) in runs of one font each. */
  #mixed(text: string): MixedLayout & { advance: number } {
    let layout = this.#layouts.get(text);
    if (!layout) {
      layout = this.#layOut(text);
      if (this.#layouts.size >= maxKeptLayouts) this.#layouts.clear();
      this.#layouts.set(text, layout);
    }
    let advance = 0;
    for (const run of layout.runs) advance += run.advance;
    return { ...layout, advance };
  }

  #layOut(text: string): MixedLayout {
    // Each cluster (a character with its marks) composed where it can be, invisibles left out;
    // most text's clusters are its characters, found without segmenting it.
    const clusters = singleCharacterClusters.test(text)
      ? Array.from(text)
      : Array.from(graphemes.segment(text), ({ segment }) =>
          segment.normalize('NFC').replace(invisibles, ''),
        ).filter((cluster) => cluster !== '');
    // The first font that has the whole cluster: the current one, else a fallback family's.
    const fonts = clusters.map((cluster) => this.#choose(cluster));
    // A word needing a fallback is set whole in the first family that has all of it.
    for (let start = 0; start < clusters.length; ) {
      let end = start;
      while (end < clusters.length && wordCluster.test(clusters[end] ?? '')) end++;
      if (end === start) {
        start++;
        continue;
      }
      const primary = this.#internals._font;
      if (fonts.slice(start, end).some((font) => font !== null && font !== primary)) {
        for (let family = 0; family < this.#fallbacks.length; family++) {
          const faces = clusters
            .slice(start, end)
            .map((cluster, index) =>
              fonts[start + index] === null ? null : this.#familyFont(cluster, family),
            );
          if (faces.every((face, index) => face !== null || fonts[start + index] === null)) {
            faces.forEach((face, index) => {
              if (face) fonts[start + index] = face;
            });
            break;
          }
        }
      }
      start = end;
    }
    const runs: Run[] = [];
    const measured: MixedLayout['clusters'] = [];
    clusters.forEach((cluster, index) => {
      // What no font may draw prints as the replacement character.
      const chosen = fonts[index];
      const piece = chosen ? { text: cluster, font: chosen } : this.#replacement();
      const advance = this.#advance(piece.font, piece.text);
      measured.push({ text: piece.text, advance });
      const last = runs.at(-1);
      if (last && last.font === piece.font) {
        last.text += piece.text;
        last.advance += advance;
      } else runs.push({ font: piece.font, text: piece.text, glyphs: null, advance });
    });
    for (const run of runs) run.glyphs = this.#plainGlyphs(run.font, run.text);
    return { runs, clusters: measured };
  }

  /** The font for a cluster: the current one if it has it, else the first fallback's, or null. */
  #choose(cluster: string): EmbeddedFont | null {
    for (let family = -1; family < this.#fallbacks.length; family++) {
      const font = this.#familyFont(cluster, family);
      if (font) return font;
    }
    return null;
  }

  /**
   * The font of fallback family `family` (-1: the current font) that has all of `cluster`, or
   * null; kept per cluster for the document.
   */
  #familyFont(cluster: string, family: number): EmbeddedFont | null {
    let fonts = this.#clusterFonts.get(cluster);
    if (!fonts) {
      fonts = [];
      this.#clusterFonts.set(cluster, fonts);
    }
    let font = fonts[family + 1];
    if (font === undefined) {
      const codePoints = Array.from(cluster, (character) => character.codePointAt(0) ?? 0);
      const primary = this.#internals._font;
      if (family === -1)
        font = codePoints.every((codePoint) => this.#has(primary, codePoint)) ? primary : null;
      else {
        const face = this.#fallbacks[family]?.faceFor(codePoints);
        font = face ? this.#embed(face) : null;
      }
      fonts[family + 1] = font;
    }
    return font;
  }

  #replacement(): { text: string; font: EmbeddedFont } {
    const font = this.#choose('\ufffd');
    return font ? { text: '\ufffd', font } : { text: '?', font: this.#internals._font };
  }

  /** A fallback face as a font of this document (embedded, as a subset, once used). */
  #embed(face: FallbackFace): EmbeddedFont {
    let embedded = this.#embedded.get(face);
    if (!embedded) {
      const internals = this.#internals;
      const saved = [internals._font, internals._fontSource, internals._fontFamily] as const;
      internals.font(face.font, `fallback:${face.key}`);
      embedded = internals._font;
      [internals._font, internals._fontSource, internals._fontFamily] = saved;
      if ((embedded.font as unknown) !== face.font)
        throw new Error(`pdfkit did not open the font ${face.key}`);
      this.#embedded.set(face, embedded);
    }
    return embedded;
  }

  /** The advance of `text` in `font`, in 1000 units per em. */
  #advance(font: EmbeddedFont, text: string): number {
    const glyphs = this.#plainGlyphs(font, text);
    if (glyphs) return glyphs.reduce((sum, glyph) => sum + glyph.advance, 0);
    return font.widthOfString(text, 1000);
  }

  /** The glyphs of `text` in `font` one character each, or null unless every one is plain. */
  #plainGlyphs(font: EmbeddedFont, text: string): Glyph[] | null {
    let cache = this.#fontGlyphs.get(font);
    if (!cache) {
      cache = new Map();
      this.#fontGlyphs.set(font, cache);
    }
    const glyphs: Glyph[] = [];
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      let glyph = cache.get(codePoint);
      if (!glyph) {
        if (!plainCharacter.test(character)) return null;
        const encoded = this.#encode(font, character);
        if (!encoded) return null;
        glyph = encoded;
        cache.set(codePoint, glyph);
      }
      glyphs.push(glyph);
    }
    return glyphs;
  }

  #encode(font: EmbeddedFont, character: string): Glyph | null {
    const [encoded, positions] = font.encode(character);
    const [hex] = encoded;
    const [position] = positions;
    if (encoded.length !== 1 || hex === undefined || position === undefined) return null;
    return { hex, advance: position.xAdvance };
  }
}

/** A number as pdfkit writes it into a content stream (rounded to a millionth). */
function pdfNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}
