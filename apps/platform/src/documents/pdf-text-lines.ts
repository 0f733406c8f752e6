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
 */

/** The parts of pdfkit's document and embedded font used here (pdfkit 0.17–0.20 internals). */
interface EmbeddedFont {
  id: string;
  /** Ascender, in 1000 units per em. */
  ascender: number;
  /** fontkit's font (for pdfkit's standard 14 fonts, their metrics instead: no `layout`). */
  font: { layout?: unknown; GSUB?: unknown; GPOS?: unknown; kern?: unknown; morx?: unknown };
  encode(text: string): [string[], Array<{ xAdvance: number }>];
  ref(): unknown;
}

interface DocumentInternals {
  _font: EmbeddedFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  /** A string is turned into bytes character by character, in JavaScript; bytes are kept as given. */
  addContent(data: string | Uint8Array): unknown;
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

/** A cell's text as one line: control characters and line breaks become a space. */
export function oneLine(text: string): string {
  return text.replace(lineBreaking, ' ');
}

export interface PlacedText {
  text: string;
  /** Left edge and top of the line, in pdfkit's coordinates (from the page's top left). */
  x: number;
}

export class PdfTextLines {
  readonly #doc: PDFKit.PDFDocument;
  readonly #internals: DocumentInternals;
  #font: EmbeddedFont | undefined;
  /** Per code point of the current font: its glyph, or null when pdfkit must lay it out. */
  #glyphs = new Map<number, Glyph | null>();
  #simpleFont = false;

  constructor(doc: PDFKit.PDFDocument) {
    this.#doc = doc;
    this.#internals = doc as unknown as DocumentInternals;
  }

  /** The width of `text` in the current font and size, in points. */
  width(text: string): number {
    const glyphs = this.#glyphsOf(text);
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
    if (!glyphs) return this.#fittedByBisection(text, width);
    const scale = this.#internals._fontSize / 1000;
    let full = 0;
    for (const glyph of glyphs) full += glyph.advance;
    if (full * scale <= width) return { text, width: full * scale };
    const characters = [...text];
    const ellipsis = this.#glyphsOf('…')?.[0]?.advance;
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

  /**
   * Writes each text on one line whose top is at `y`, never wrapped, in the current font, size
   * and fill colour: where pdfkit's `text(t, x, y, { lineBreak: false })` would put it.
   */
  write(lines: readonly PlacedText[], y: number): void {
    const internals = this.#internals;
    const font = internals._font;
    // pdfkit puts a line's top at y and its baseline an ascender below; the page's coordinates
    // run up from its bottom.
    const baseline = internals.page.height - y - (font.ascender / 1000) * internals._fontSize;
    let operators = '';
    for (const { text, x } of lines) {
      if (text === '') continue;
      const glyphs = this.#glyphsOf(text);
      if (!glyphs) {
        this.#doc.text(text, x, y, { lineBreak: false });
        continue;
      }
      let hex = '';
      for (const glyph of glyphs) hex += glyph.hex;
      operators += `1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm <${hex}> Tj\n`;
    }
    if (operators === '') return;
    internals.page.fonts[font.id] ??= font.ref();
    // pdfkit's page is drawn upside down (origin at the top left); text is set upright again. The
    // operators are ASCII, given as bytes with the line end pdfkit would add.
    internals.addContent(
      Buffer.from(
        `q 1 0 0 -1 0 ${pdfNumber(internals.page.height)} cm BT /${font.id} ${pdfNumber(internals._fontSize)} Tf\n${operators}ET Q\n`,
        'latin1',
      ),
    );
  }

  /** The glyphs of `text` one character each, or null when pdfkit must lay it out. */
  #glyphsOf(text: string): Glyph[] | null {
    const font = this.#internals._font;
    if (font !== this.#font) {
      this.#font = font;
      this.#glyphs = new Map();
      const tables = font.font;
      this.#simpleFont =
        typeof tables.layout === 'function' && !tables.GSUB && !tables.GPOS && !tables.kern && !tables.morx;
    }
    if (!this.#simpleFont) return null;
    const glyphs: Glyph[] = [];
    for (const character of text) {
      const codePoint = character.codePointAt(0) ?? 0;
      let glyph = this.#glyphs.get(codePoint);
      if (glyph === undefined) {
        glyph = plainCharacter.test(character) ? this.#encode(font, character) : null;
        this.#glyphs.set(codePoint, glyph);
      }
      if (glyph === null) return null;
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
