import { tenantIds } from '@waratah/tenants';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from './pdf-writer.ts';
import { tenantBranding } from './tenant-branding.ts';
import { fontkit } from './woff2-to-ttf.ts';

const standard14 = /Helvetica|Times-(Roman|Bold|Italic|BoldItalic)|Courier|Symbol|ZapfDingbats/;

// Ligatures, composite glyphs (":", "…", "é", quotes) and long text that must be shortened.
const awkward = 'Netflix · office fit-out: "Café" 50% … ffi (AU$) — ’quoted’';

/** A writer for a table check of a tenant's document, its heading fixed. */
async function tableCheck(tenantId: 'waratah' | 'moneypartner', subtitle: string) {
  return new PdfWriter(await tenantBranding(tenantId), {
    title: 'Check',
    subtitle,
    clientName: 'Test Client',
    adviserName: null,
    generatedAt: new Date('2026-11-22T21:00:00Z'),
  });
}

describe('PdfWriter', () => {
  for (const tenantId of tenantIds) {
    it(`sets any text in ${tenantId}'s embedded font, with page numbers on every page`, async () => {
      const branding = await tenantBranding(tenantId);
      const pdf = new PdfWriter(branding, {
        title: 'Check',
        subtitle: awkward,
        clientName: 'Zoë O’Brien',
        adviserName: 'Alex Adviser',
        generatedAt: new Date('2026-11-22T21:00:00Z'),
      });
      pdf.section(awkward);
      pdf.note(awkward);
      pdf.table(
        [
          { header: 'Text', width: 0.2 },
          { header: 'Amount', width: 0.8, align: 'right' },
        ],
        Array.from({ length: 120 }, (_, index) => [`${awkward} ${index}`, String(index)]),
      );
      const bytes = await pdf.finish();
      const { text, totalPages } = await extractText(new Uint8Array(bytes), { mergePages: false });
      expect(totalPages).toBeGreaterThan(1);
      expect(text[0]).toContain(awkward);
      expect(text[0]).toContain('Zoë O’Brien');
      text.forEach((page, index) => {
        expect(page).toContain(`Page ${index + 1} of ${totalPages}`);
        expect(page).toContain(branding.name);
      });
      // Every font of the file is a subset of the brand font, embedded; none of the standard 14.
      const file = bytes.toString('latin1');
      const fonts = [...file.matchAll(/\/BaseFont\s*\/([^\s/<>[\]()]+)/g)].map((match) => match[1] ?? '');
      expect(fonts.length).toBeGreaterThan(0);
      const postscriptName = fontkit.create(branding.font).postscriptName;
      for (const font of fonts) expect(font).toMatch(new RegExp(`^[A-Z]{6}\\+${postscriptName}$`));
      expect(file).not.toMatch(standard14);
      expect(file).not.toMatch(/\/Subtype\s*\/Type1\b/);
      expect(file.match(/\/FontFile2/g)).toHaveLength(new Set(fonts).size);
    });
  }

  for (const tenantId of tenantIds) {
    it(`prints ${tenantId}'s text in any script it covers, in its font and the fallbacks, each embedded as a subset`, async () => {
      const branding = await tenantBranding(tenantId);
      const clientName = '王小明 Nguyễn Thị Đặng 😀';
      const descriptions = [
        '海底捞 Hotpot Chatswood',
        'Łukasz Ağaoğlu — Šťastný',
        'Māori Trust, Ōtautahi',
        'Αθήνα Καφέ',
        'Москва Кафе',
        'Paytm ₹500 → Mumbai',
        '김치 식당',
        'ラーメン 一蘭',
      ];
      const pdf = new PdfWriter(branding, {
        title: 'Check',
        subtitle: `Nguyễn Everyday 王 · ${'Tiết kiệm của gia đình '.repeat(6)}`,
        clientName,
        adviserName: 'Łukasz Ağaoğlu',
        generatedAt: new Date('2026-11-22T21:00:00Z'),
      });
      pdf.section('Giao dịch — 交易');
      pdf.note('Số dư của Nguyễn: 王小明的账户');
      pdf.table(
        [
          { header: 'Description', width: 0.7 },
          { header: 'Amount', width: 0.3, align: 'right' },
        ],
        descriptions.map((description, index) => [description, `$${index + 1}.00`]),
      );
      const bytes = await pdf.finish();
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      const flat = text.replace(/\s+/g, ' ');
      // Before 2026-12-03 each of these read with gaps where the brand font had no glyph.
      expect(flat).toContain(`Client: ${clientName}`);
      expect(flat).toContain('Prepared by: Łukasz Ağaoğlu');
      expect(flat).toContain('Giao dịch — 交易');
      expect(flat).toContain('Số dư của Nguyễn: 王小明的账户');
      for (const description of descriptions) expect(flat).toContain(description);
      expect(flat).toContain(`${branding.name} · ${clientName} · prepared by Łukasz Ağaoğlu`);
      // The long subtitle wraps, all of it there.
      expect(flat).toContain(`Nguyễn Everyday 王 · ${'Tiết kiệm của gia đình '.repeat(6).trim()}`);
      const file = bytes.toString('latin1');
      const fonts = [...file.matchAll(/\/BaseFont\s*\/([^\s/<>[\]()]+)/g)].map((match) => match[1] ?? '');
      const postscriptName = fontkit.create(branding.font).postscriptName;
      for (const font of fonts) {
        expect(font).toMatch(
          new RegExp(`^[A-Z]{6}\\+(${postscriptName}|NotoSans-|NotoSansSC-|NotoSansKR-|NotoEmoji-)`),
        );
      }
      expect(fonts.some((font) => font.endsWith(`+${postscriptName}`))).toBe(true);
      expect(file).not.toMatch(standard14);
      expect(file.match(/\/FontFile2/g)).toHaveLength(new Set(fonts).size);
    });
  }

  it('never shortens a number: one too wide for its column is set smaller', async () => {
    const pdf = await tableCheck('waratah', 'Numbers');
    const huge = '-$1,234,567,890,123.45';
    pdf.table(
      [
        { header: 'Text', width: 0.8 },
        { header: 'Number', width: 0.1, align: 'right', numeric: true },
        { header: 'Label', width: 0.1, align: 'right' },
      ],
      [['Huge', huge, huge]],
    );
    const { text } = await extractText(new Uint8Array(await pdf.finish()), { mergePages: true });
    const row = text.split('\n').find((line) => line.startsWith('Huge')) ?? '';
    expect(row).toContain(huge);
    // Text is still shortened to its column.
    expect(row).toMatch(/-\$1,2[\d,]*…$/);
  });

  it('keeps a cell’s suffix whole, shortening the text before it', async () => {
    const pdf = await tableCheck('moneypartner', 'Suffix');
    const name = 'Commonwealth Everyday Offset Account Joint';
    pdf.table(
      [
        { header: 'Account', width: 0.3 },
        { header: 'Balance', width: 0.7, align: 'right' },
      ],
      [
        [{ text: name, suffix: ' (not counted)' }, '$1.00'],
        [{ text: 'Short', suffix: ' (not counted)' }, '$2.00'],
      ],
    );
    const { text } = await extractText(new Uint8Array(await pdf.finish()), { mergePages: true });
    expect(text).toMatch(/Commonwealth [^\n]*… \(not counted\) \$1\.00/);
    expect(text).toContain('Short (not counted) $2.00');
  });
});
