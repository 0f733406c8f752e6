import { tenantIds } from '@waratah/tenants';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from './pdf-writer.ts';
import { tenantBranding } from './tenant-branding.ts';
import { fontkit } from './woff2-to-ttf.ts';

const standard14 = /Helvetica|Times-(Roman|Bold|Italic|BoldItalic)|Courier|Symbol|ZapfDingbats/;

// Ligatures, composite glyphs (":", "…", "é", quotes) and long text that must be shortened.
const awkward = 'Netflix · office fit-out: "Café" 50% … ffi (AU$) — ’quoted’';

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
});
