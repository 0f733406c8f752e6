import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getTenant, tenantIds } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import { fontkit, pdfFontFromWoff2, woff2ToTtf } from './woff2-to-ttf.ts';

const publicDir = fileURLToPath(new URL('../../../../packages/tenants/public', import.meta.url));
const woff2Of = (tenantId: (typeof tenantIds)[number]) =>
  readFile(`${publicDir}${getTenant(tenantId).theme.fontUrl}`);

describe('the tenants’ fonts for PDFs', () => {
  for (const tenantId of tenantIds) {
    it(`rewrites ${tenantId}'s WOFF2 font as TrueType with the same outlines`, async () => {
      const woff2 = await woff2Of(tenantId);
      const original = fontkit.create(woff2);
      const ttf = fontkit.create(woff2ToTtf(woff2));
      expect(ttf.type).toBe('TTF');
      expect(ttf.numGlyphs).toBe(original.numGlyphs);
      for (let id = 0; id < original.numGlyphs; id++) {
        expect(ttf.getGlyph(id).path.toSVG()).toBe(original.getGlyph(id).path.toSVG());
      }
    });

    it(`gives ${tenantId}'s font at weight 400 with only plain glyphs, ":", "…" and "é" included`, async () => {
      const woff2 = await woff2Of(tenantId);
      const font = fontkit.create(pdfFontFromWoff2(woff2));
      expect(font.type).toBe('TTF');
      expect(font.variationAxes).toEqual({});
      expect((font as unknown as { 'OS/2': { usWeightClass: number } })['OS/2'].usWeightClass).toBe(400);
      for (const char of ':…é’"') {
        const glyph = font.glyphForCodePoint(char.codePointAt(0) ?? 0);
        expect(glyph.id, char).not.toBe(0);
        expect(glyph.path.toSVG(), char).not.toBe('');
      }
      for (let id = 0; id < font.numGlyphs; id++) {
        expect(font.getGlyph(id)._decode()?.numberOfContours ?? 0).toBeGreaterThanOrEqual(0);
      }
      // Regular is heavier than the file's default instance (Thin, Light or ExtraLight): wider strokes.
      const regularI = font.glyphForCodePoint(0x6c).path.toSVG();
      expect(regularI).not.toBe(fontkit.create(woff2).glyphForCodePoint(0x6c).path.toSVG());
    });
  }

  it('refuses a file that is not WOFF2', async () => {
    const ttf = woff2ToTtf(await woff2Of('waratah'));
    expect(() => woff2ToTtf(ttf)).toThrow('Not a WOFF2 font (a TTF font)');
  });
});
