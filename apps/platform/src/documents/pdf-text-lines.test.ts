import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getTenant, tenantIds } from '@waratah/tenants';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { fallbackFamilies } from './font-fallbacks.ts';
import { oneLine, PdfTextLines } from './pdf-text-lines.ts';
import { tenantBranding } from './tenant-branding.ts';
import { woff2ToTtf } from './woff2-to-ttf.ts';

const publicDir = fileURLToPath(new URL('../../../../packages/tenants/public', import.meta.url));

/** Text a statement carries: merchants, names, amounts, typographic punctuation, accents. */
const plain = [
  'Woolworths Metro Sydney',
  '-$1,234.56',
  '$99,999.00',
  '01 Sep 2026',
  'Netflix · office fit-out: "Café" 50% … ffi (AU$) — ’quoted’',
  'Zoë O’Brien, Ångström & Søn — ½ × ÷ € £ ¥ © ® ™ °',
  ' leading and trailing  spaces ',
  // Printable ASCII and Latin-1, in lines short enough for the page.
  ...Array.from({ length: 4 }, (_, line) =>
    Array.from({ length: 24 }, (_, index) => String.fromCharCode(32 + line * 24 + index)).join(''),
  ),
  ...Array.from({ length: 4 }, (_, line) =>
    Array.from({ length: 24 }, (_, index) => String.fromCharCode(160 + line * 24 + index)).join(''),
  ),
];
/** Text whose layout pdfkit must do: combining marks, joiners, variation selectors, soft hyphens. */
const laidOutByPdfkit = ['Cafe\u0301 latte', 'a\u200db', 'star \u2605\ufe0f', 'soft\u00adhyphen', 'ק ש ר'];

function documentIn(font?: Buffer): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: 48, bufferPages: true });
  if (font) doc.registerFont('brand', font).font('brand');
  return doc;
}

async function finished(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Each piece of text on the first page as a PDF reader sees it: its string, place and width. */
async function textItems(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes);
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items
    .flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item] : []))
    .map((item) => ({
      text: item.str,
      x: Number(item.transform[4].toFixed(3)),
      y: Number(item.transform[5].toFixed(3)),
      size: Number(item.transform[0].toFixed(3)),
      width: Number(item.width.toFixed(3)),
    }));
}

/** The longest start that fits with an ellipsis, by pdfkit's own measure (the writer's old way). */
function fittedByPdfkit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let fits = 0;
  while (fits < text.length && doc.widthOfString(`${text.slice(0, fits + 1)}…`) <= width) fits++;
  return `${text.slice(0, Math.max(1, fits)).trimEnd()}…`;
}

describe('PdfTextLines', () => {
  for (const tenantId of tenantIds) {
    it(`measures and shortens ${tenantId}'s text exactly as pdfkit does`, async () => {
      const { font } = await tenantBranding(tenantId);
      const doc = documentIn(font);
      const lines = new PdfTextLines(doc);
      for (const size of [7.5, 9, 13]) {
        doc.fontSize(size);
        for (const text of [...plain, ...laidOutByPdfkit]) {
          expect(lines.width(text)).toBeCloseTo(doc.widthOfString(text), 9);
          for (const width of [20, 60, 140]) {
            const fitted = lines.fitted(text, width);
            expect(fitted.text).toBe(fittedByPdfkit(doc, text, width));
            expect(fitted.width).toBeCloseTo(doc.widthOfString(fitted.text), 9);
          }
        }
      }
    });

    it(`writes ${tenantId}'s lines where pdfkit's text() puts them, with the same glyphs`, async () => {
      const { font } = await tenantBranding(tenantId);
      const texts = [...plain, ...laidOutByPdfkit];
      const place = (index: number) => ({ x: 48 + (index % 3) * 37.5, y: 60 + index * 23.25 });

      const byPdfkit = documentIn(font);
      texts.forEach((text, index) => {
        byPdfkit.fontSize(8 + (index % 4)).fillColor(index % 2 ? '#5f6b76' : '#000000');
        const { x, y } = place(index);
        byPdfkit.text(text, x, y, { lineBreak: false });
      });

      const byLines = documentIn(font);
      const lines = new PdfTextLines(byLines);
      texts.forEach((text, index) => {
        byLines.fontSize(8 + (index % 4)).fillColor(index % 2 ? '#5f6b76' : '#000000');
        const { x, y } = place(index);
        lines.write([{ text, x }], y);
      });

      const expected = await textItems(await finished(byPdfkit));
      expect(expected).toHaveLength(texts.length);
      expect(await textItems(await finished(byLines))).toEqual(expected);
    });
  }

  it('writes a row of cells as one run of operators, empty cells left out', async () => {
    const { font } = await tenantBranding('waratah');
    const doc = documentIn(font);
    const lines = new PdfTextLines(doc);
    const operators: string[] = [];
    const addContent = doc.addContent.bind(doc);
    doc.addContent = (data: string | Uint8Array) => {
      operators.push(typeof data === 'string' ? data : Buffer.from(data).toString('latin1'));
      return addContent(data);
    };
    lines.write(
      [
        { text: '01 Sep 2026', x: 48 },
        { text: 'Woolworths', x: 200 },
        { text: '', x: 300 },
        { text: '-$12.30', x: 400 },
      ],
      100,
    );
    expect(operators).toHaveLength(1);
    expect(operators[0]?.match(/ Tj$/gm)).toHaveLength(3);
    const items = await textItems(await finished(doc));
    expect(items.map((item) => item.text)).toEqual(['01 Sep 2026', 'Woolworths', '-$12.30']);
  });

  it('leaves a font with layout tables (kerning, ligatures) to pdfkit', async () => {
    // The tenant's font with its GSUB and GPOS tables, which the PDF font leaves out.
    const woff2 = await readFile(`${publicDir}${getTenant('waratah').theme.fontUrl}`);
    const doc = documentIn(woff2ToTtf(woff2));
    const lines = new PdfTextLines(doc);
    doc.fontSize(9);
    const kerned = 'AVATAR Tower, Wollongong — office fit-out';
    expect(lines.width(kerned)).toBeCloseTo(doc.widthOfString(kerned), 9);
    expect(lines.fitted(kerned, 60).text).toBe(fittedByPdfkit(doc, kerned, 60));
  });

  it("leaves pdfkit's standard fonts to pdfkit", async () => {
    const doc = documentIn();
    const lines = new PdfTextLines(doc);
    doc.fontSize(9);
    // Helvetica's metrics kern pairs such as "AV" and "To", which one character at a time would lose.
    const kerned = 'AVATAR Tower, Wollongong';
    expect(lines.width(kerned)).toBeCloseTo(doc.widthOfString(kerned), 9);
    expect(lines.fitted(kerned, 60).text).toBe(fittedByPdfkit(doc, kerned, 60));
    lines.write([{ text: kerned, x: 48 }], 100);
    expect((await textItems(await finished(doc))).map((item) => item.text)).toEqual([kerned]);
  });

  it('makes a cell one line: control characters and line breaks become a space', () => {
    expect(oneLine('Tab\there and\r\nnewline\u2028end')).toBe('Tab here and newline end');
    expect(oneLine('Café ½')).toBe('Café ½');
  });
});

/** The names of the fonts a PDF embeds (subset tag left out). */
function embeddedFonts(bytes: Uint8Array): string[] {
  const file = Buffer.from(bytes).toString('latin1');
  return [...file.matchAll(/\/BaseFont\s*\/[A-Z]{6}\+([^\s/<>[\]()]+)/g)].map((match) => match[1] ?? '');
}

describe('PdfTextLines with fallback fonts', () => {
  const names = 'Nguyễn 王小明 😀 Łukasz Ağaoğlu Šťastný Māori Αθήνα Москва ₹500 → 김치';

  for (const tenantId of tenantIds) {
    it(`sets what ${tenantId}'s font lacks in the fallbacks, on the line's baseline`, async () => {
      const { font } = await tenantBranding(tenantId);
      const doc = documentIn(font);
      doc.fontSize(9);
      const lines = new PdfTextLines(doc, fallbackFamilies());
      lines.write([{ text: `Client: ${names}`, x: 48 }], 100);
      lines.write([{ text: 'Plain 01 Sep 2026', x: 48 }], 120);
      const bytes = await finished(doc);
      // Before 2026-12-03 a reader found "Client: Nguy n   …": each missing glyph a box.
      const { text } = await extractText(bytes.slice(), { mergePages: true });
      expect(text.replace(/\s+/g, ' ')).toContain(`Client: ${names}`);
      const items = await textItems(bytes.slice());
      const first = items.filter((item) => item.y === items[0]?.y);
      expect(first.map((item) => item.text).join('')).toMatch(/^Client:/);
      // Every run of the line on one baseline, left to right without overlap.
      expect(
        new Set(items.filter((item) => item.text !== 'Plain 01 Sep 2026').map((item) => item.y)).size,
      ).toBe(1);
      const fonts = embeddedFonts(bytes);
      for (const family of ['NotoSans-', 'NotoSansSC-', 'NotoSansKR-', 'NotoEmoji-']) {
        expect(
          fonts.some((name) => name.startsWith(family)),
          family,
        ).toBe(true);
      }
      expect(lines.needsFallback('Zoë O’Brien')).toBe(false);
      expect(lines.needsFallback(names)).toBe(true);
    });
  }

  it('measures mixed text run by run and shortens it between clusters, never wider than asked', async () => {
    const { font } = await tenantBranding('waratah');
    const doc = documentIn(font);
    doc.fontSize(9);
    const lines = new PdfTextLines(doc, fallbackFamilies());
    // Words are measured apart: the sum of the parts, the space in the brand font.
    expect(lines.width('Café Nguyễn')).toBeCloseTo(lines.width('Café ') + lines.width('Nguyễn'), 9);
    // A letter and its combining marks are composed first: one glyph, as the composed letter.
    expect(lines.width('Nguye\u0302\u0303n')).toBeCloseTo(lines.width('Nguyễn'), 9);
    for (const width of [20, 60, 140]) {
      const fitted = lines.fitted(names, width);
      expect(fitted.width).toBeLessThanOrEqual(width);
      expect(fitted.width).toBeCloseTo(lines.width(fitted.text), 9);
      expect(fitted.text).toMatch(/…$/);
      expect(names.startsWith(fitted.text.slice(0, -1).trimEnd())).toBe(true);
    }
    expect(lines.fitted(names, 1000).text).toBe(names);
    expect(lines.fitted(names, 1000).width).toBeCloseTo(lines.width(names), 9);
    // An emoji and its variation selector, a family joined by zero-width joiners: never cut apart.
    expect(lines.fitted('❤️❤️❤️❤️❤️❤️❤️❤️', 30).text).toMatch(/^(❤)+…$/);
  });

  it('prints a character no font may draw as the replacement character, never as nothing', async () => {
    const { font } = await tenantBranding('moneypartner');
    const doc = documentIn(font);
    const lines = new PdfTextLines(doc, fallbackFamilies());
    lines.write([{ text: 'Shop שלום محمد नमस्ते end', x: 48 }], 100);
    const { text } = await extractText(await finished(doc), { mergePages: true });
    expect(text).toMatch(/Shop \ufffd{4} \ufffd{4} \ufffd+ end/);
  });

  it('breaks mixed text into lines at spaces and between ideographs, each line fitting', async () => {
    const { font } = await tenantBranding('waratahlabs');
    const doc = documentIn(font);
    doc.fontSize(11);
    const lines = new PdfTextLines(doc, fallbackFamilies());
    const text = '海底捞火锅餐厅 Nguyễn Thị Minh Khai Street, Cabramatta 王小明的咖啡店和面包房';
    const wrapped = lines.wrap(text, 90);
    expect(wrapped.length).toBeGreaterThan(2);
    for (const line of wrapped) expect(lines.width(line)).toBeLessThanOrEqual(90);
    expect(wrapped.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    // Words move whole to the next line; only ideographs are split.
    for (const word of ['Nguyễn', 'Khai', 'Street,', 'Cabramatta']) {
      expect(
        wrapped.some((line) => line.split(' ').includes(word)),
        word,
      ).toBe(true);
    }
    expect(lines.wrap('one\ntwo', 200)).toEqual(['one', 'two']);
  });
});
