import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { nextTurn, rowsPerTurn } from './event-loop-turns.ts';
import { fallbackFamilies } from './font-fallbacks.ts';
import { formatSydneyDateTime } from './format-aud.ts';
import { oneLine, PdfTextLines, type PlacedText } from './pdf-text-lines.ts';
import { drawSvgLogo, type VectorCanvas } from './svg-logo.ts';
import type { TenantBranding } from './tenant-branding.ts';

/** pdfkit is loaded on the first document, not at start-up (it costs a few hundred ms to load). */
const require = createRequire(import.meta.url);
let pdfkit: typeof PDFKitDocument | undefined;
function loadPdfkit(): typeof PDFKitDocument {
  pdfkit ??= require('pdfkit') as typeof PDFKitDocument;
  return pdfkit;
}

/** Who and what a document is for: printed on its first page and in every page's footer. */
export interface DocumentHeading {
  title: string;
  /** The period or date it covers, in words. */
  subtitle: string;
  clientName: string;
  /** The adviser who asked for it; null when the client did. */
  adviserName: string | null;
  generatedAt: Date;
}

/** The tenant's parsed font (fontkit, as pdfkit keeps it), reused across documents. */
const parsedFonts = new WeakMap<TenantBranding, object>();

export interface TableColumn {
  header: string;
  /** Share of the usable page width; the shares of a table add up to 1. */
  width: number;
  align?: 'left' | 'right';
  /**
   * A column of amounts or counts: a cell is never shortened (an amount cut to "$12,345,678.9…"
   * loses its cents); one too wide for the column is set smaller until it fits.
   */
  numeric?: boolean;
}

/**
 * A table cell: its text, or text with a suffix kept whole, the text shortened before it where
 * the two do not fit (an account's name and its "(not counted)").
 */
export type TableCell = string | { text: string; suffix: string };

const brandFont = 'brand';
const pageMargin = 48;
const footerHeight = 36;
const bodySize = 9;
const rowHeight = 14;
const muted = '#5f6b76';
const rule = '#d9dee3';
/** How many pages' footers `finish` writes before it lets the event loop turn (rows: `rowsPerTurn`). */
const pagesPerTurn = 50;

interface TableOptions {
  header?: boolean;
  totals?: ReadonlyArray<readonly TableCell[]>;
}

/**
 * A branded A4 PDF (DESIGN §2): the tenant's logo and colours, its font embedded (pdfkit embeds
 * the glyphs used only), the client's and adviser's names, the Sydney time it was generated and
 * page numbers on every page. Writers lay out with `section`, `facts`, `table` and `note`.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly #branding: TenantBranding;
  readonly #heading: DocumentHeading;
  readonly #lines: PdfTextLines;

  constructor(branding: TenantBranding, heading: DocumentHeading) {
    this.#branding = branding;
    this.#heading = heading;
    const PDFDocument = loadPdfkit();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: pageMargin, left: pageMargin, right: pageMargin, bottom: pageMargin + footerHeight },
      bufferPages: true,
      info: {
        Title: `${heading.title} — ${heading.clientName}`,
        Author: branding.name,
        Subject: heading.subtitle,
        Creator: `${branding.name} adviser platform`,
      },
    });
    // The font is a static TrueType instance of the tenant's font whose glyphs are all plain
    // outlines (tenant-branding.ts), so every character is set in it and pdfkit embeds the subset
    // used; it has no OpenType layout tables, so pdfkit caches word layouts. The parsed font is
    // kept per tenant: pdfkit takes it in place of the file, which saves parsing it per document.
    const parsed = parsedFonts.get(branding);
    this.doc.registerFont(brandFont, (parsed ?? branding.font) as Buffer);
    this.doc.font(brandFont).fillColor(branding.colorBody);
    if (!parsed) parsedFonts.set(branding, (this.doc as unknown as { _font: { font: object } })._font.font);
    // What the brand font lacks (Vietnamese, Polish, Chinese… names and descriptions) is set in the
    // fallback fonts (font-fallbacks.ts).
    this.#lines = new PdfTextLines(this.doc, fallbackFamilies());
    this.#titleBlock();
  }

  /** Wrapped text from (x, y) across the usable width. */
  #flow(text: string, x: number, y: number): void {
    const { doc } = this;
    if (!this.#lines.needsFallback(text)) {
      doc.text(text, x, y, { width: this.#width });
      return;
    }
    // Text in more than one font is broken into lines here and each line written in runs of one
    // font (pdfkit lays out one font per call), a line's height as the brand font's.
    const lineHeight = doc.currentLineHeight(true);
    doc.y = y;
    for (const line of this.#lines.wrap(text, this.#width)) {
      this.#ensure(lineHeight);
      const top = doc.y;
      this.#lines.write([{ text: line, x }], top);
      doc.y = top + lineHeight;
    }
    doc.x = x;
  }

  get #width(): number {
    return this.doc.page.width - pageMargin * 2;
  }

  get #bottom(): number {
    return this.doc.page.height - pageMargin - footerHeight;
  }

  #titleBlock(): void {
    const { doc } = this;
    const heading = this.#heading;
    drawSvgLogo(doc as unknown as VectorCanvas, this.#branding.logoSvg, {
      x: pageMargin,
      y: pageMargin,
      height: 30,
      font: brandFont,
    });
    doc.y = pageMargin + 44;
    doc.fontSize(18).fillColor(this.#branding.colorPrimary);
    this.#flow(heading.title, pageMargin, doc.y);
    doc.fontSize(11).fillColor(this.#branding.colorBody);
    this.#flow(heading.subtitle, pageMargin, doc.y);
    doc.moveDown(0.3);
    doc.fontSize(bodySize).fillColor(muted);
    this.#flow(`Client: ${heading.clientName}`, pageMargin, doc.y);
    if (heading.adviserName) {
      this.#flow(`Prepared by: ${heading.adviserName}, ${this.#branding.name}`, pageMargin, doc.y);
    }
    this.#flow(`Generated: ${formatSydneyDateTime(heading.generatedAt)}`, pageMargin, doc.y);
    doc.moveDown(0.8);
    this.#rule();
  }

  #rule(): void {
    const { doc } = this;
    doc
      .save()
      .moveTo(pageMargin, doc.y)
      .lineTo(pageMargin + this.#width, doc.y)
      .lineWidth(0.6)
      .stroke(rule)
      .restore();
    doc.y += 6;
  }

  #ensure(space: number): boolean {
    if (this.doc.y + space <= this.#bottom) return false;
    this.doc.addPage();
    this.doc.y = pageMargin;
    return true;
  }

  /** A heading in the tenant's primary colour. */
  section(title: string): void {
    this.#ensure(48);
    this.doc.moveDown(0.6);
    this.doc.fontSize(13).fillColor(this.#branding.colorPrimary);
    this.#flow(title, pageMargin, this.doc.y);
    this.doc.moveDown(0.3);
    this.doc.fillColor(this.#branding.colorBody);
  }

  /** Label and value pairs, values right-aligned. */
  facts(rows: ReadonlyArray<readonly [string, string]>): void {
    this.table(
      [
        { header: '', width: 0.6 },
        { header: '', width: 0.4, align: 'right' },
      ],
      rows.map(([label, value]) => [label, value]),
      { header: false },
    );
  }

  /** A plain paragraph in the muted colour. */
  note(text: string): void {
    this.#ensure(30);
    this.doc.fontSize(bodySize).fillColor(muted);
    this.#flow(text, pageMargin, this.doc.y);
    this.doc.fillColor(this.#branding.colorBody).moveDown(0.5);
  }

  /**
   * Rows of cells, one line each (long text is shortened to fit), the header repeated on each
   * page; `totals` rows are set apart by a rule.
   */
  table(
    columns: readonly TableColumn[],
    rows: ReadonlyArray<readonly TableCell[]>,
    options: TableOptions = {},
  ) {
    const table = this.#openTable(columns, options);
    for (const cells of rows) table.row(cells);
    table.close();
  }

  /**
   * `table` for rows by the thousand (a statement's transactions), made as they are drawn: it lets
   * the event loop turn every `rowsPerTurn` rows. Drawn in one go, a statement of 50,000
   * transactions held every other request of the instance for over a second.
   */
  async tableInTurns(
    columns: readonly TableColumn[],
    rows: Iterable<readonly TableCell[]>,
    options: TableOptions = {},
  ) {
    const table = this.#openTable(columns, options);
    let drawn = 0;
    for (const cells of rows) {
      table.row(cells);
      drawn += 1;
      if (drawn % rowsPerTurn === 0) await nextTurn();
    }
    table.close();
  }

  #openTable(columns: readonly TableColumn[], { header = true, totals = [] }: TableOptions) {
    const { doc } = this;
    const widths = columns.map((column) => column.width * this.#width);
    const drawHeader = () => {
      if (!header) return;
      doc.fontSize(bodySize - 0.5).fillColor(this.#branding.colorPrimary);
      this.#row(
        columns,
        widths,
        columns.map((column) => column.header),
      );
      doc.y -= 2;
      this.#rule();
      doc.fillColor(this.#branding.colorBody);
    };
    this.#ensure(rowHeight * 3);
    drawHeader();
    doc.fontSize(bodySize).fillColor(this.#branding.colorBody);
    return {
      row: (cells: readonly TableCell[]) => {
        if (this.#ensure(rowHeight)) {
          drawHeader();
          doc.fontSize(bodySize).fillColor(this.#branding.colorBody);
        }
        this.#row(columns, widths, cells);
      },
      close: () => {
        if (totals.length > 0) {
          this.#ensure(rowHeight * (totals.length + 1));
          this.#rule();
          for (const cells of totals) this.#row(columns, widths, cells);
        }
        doc.moveDown(0.4);
      },
    };
  }

  /**
   * One row of cells, each on one line: text shortened with an ellipsis when it does not fit (a
   * suffix kept whole), a number set smaller.
   */
  #row(columns: readonly TableColumn[], widths: readonly number[], cells: readonly TableCell[]): void {
    const { doc } = this;
    const y = doc.y;
    const placed: PlacedText[] = [];
    let x = pageMargin;
    columns.forEach((column, index) => {
      const width = widths[index] ?? 0;
      const cell = cells[index] ?? '';
      if (cell !== '') {
        const fitted = this.#fittedCell(cell, width - 6, column.numeric === true);
        const left = column.align === 'right' ? x + width - fitted.width : x;
        if (fitted.text !== '') placed.push({ text: fitted.text, x: left, size: fitted.size });
      }
      x += width;
    });
    this.#lines.write(placed, y);
    doc.y = y + rowHeight;
    doc.x = pageMargin;
  }

  /** A cell's text as it fits `width` at the current size: its width, and its size if smaller. */
  #fittedCell(
    cell: TableCell,
    width: number,
    numeric: boolean,
  ): { text: string; width: number; size?: number } {
    const lines = this.#lines;
    if (typeof cell !== 'string') {
      const suffix = oneLine(cell.suffix);
      const text = `${lines.fitted(oneLine(cell.text), Math.max(0, width - lines.width(suffix))).text}${suffix}`;
      return { text, width: lines.width(text) };
    }
    const text = oneLine(cell);
    if (!numeric) return lines.fitted(text, width);
    const full = lines.width(text);
    if (full <= width) return { text, width: full };
    const size = (this.doc as unknown as { _fontSize: number })._fontSize;
    return { text, width, size: (size * width) / full };
  }

  /** Writes the footers (names, generated time, page x of n) and returns the file. */
  async finish(): Promise<Buffer> {
    const { doc } = this;
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    const range = doc.bufferedPageRange();
    const heading = this.#heading;
    const left = [
      this.#branding.name,
      heading.clientName,
      ...(heading.adviserName ? [`prepared by ${heading.adviserName}`] : []),
      `generated ${formatSydneyDateTime(heading.generatedAt)}`,
    ].join(' · ');
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - pageMargin - 12;
      doc
        .save()
        .moveTo(pageMargin, y - 6)
        .lineTo(pageMargin + this.#width, y - 6)
        .lineWidth(0.6)
        .stroke(this.#branding.colorPrimary)
        .restore();
      doc.fontSize(7.5).fillColor(muted);
      const pageLabel = `Page ${index - range.start + 1} of ${range.count}`;
      this.#lines.write(
        [
          { text: this.#lines.fitted(oneLine(left), this.#width - 80).text, x: pageMargin },
          { text: pageLabel, x: pageMargin + this.#width - this.#lines.width(pageLabel) },
        ],
        y,
      );
      doc.page.margins.bottom = bottomMargin;
      if ((index - range.start + 1) % pagesPerTurn === 0) await nextTurn();
    }
    // pdfkit compresses the buffered pages here, in one go: about a third of a long document's work.
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  }
}
