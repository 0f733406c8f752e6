import { describe, expect, it } from 'vitest';
import { drawnByFallback, fallbackFamilies, PackagedFamily, slicesOfCss } from './font-fallbacks.ts';

const codePointsOf = (text: string) => Array.from(text, (character) => character.codePointAt(0) ?? 0);

/** The first family that draws every character of `text` (each from one of its slices), or null. */
function familyOf(text: string): string | null {
  const family = fallbackFamilies().find((candidate) =>
    codePointsOf(text).every((codePoint) => candidate.faceFor([codePoint]) !== null),
  );
  return family?.name ?? null;
}

describe('the fallback fonts', () => {
  it('reads the slices of a fontsource stylesheet, upright weight axis only', () => {
    const css = `
/* noto-sans-greek-wght-normal */
@font-face {
  font-family: 'Noto Sans Variable';
  src: url(./files/noto-sans-greek-wght-normal.woff2) format('woff2-variations');
  unicode-range: U+0370-0377,U+037A-037F,U+0384;
}
@font-face {
  src: url(./files/noto-sans-greek-wght-italic.woff2) format('woff2-variations');
  unicode-range: U+0370-03FF;
}`;
    expect(slicesOfCss(css)).toEqual([
      { file: 'noto-sans-greek-wght-normal.woff2', ranges: [0x370, 0x377, 0x37a, 0x37f, 0x384, 0x384] },
    ]);
  });

  it('has the letters of Latin Extended, Vietnamese, Greek and Cyrillic names, and the rupee sign', () => {
    for (const text of [
      'ễ',
      'ă',
      'Ł',
      'Đ',
      'ặ',
      'ğ',
      'ş',
      'Š',
      'ť',
      'ō',
      'Ω',
      'λ',
      'Ж',
      'щ',
      '₹',
      'Nguyễn',
      'Łukasz',
    ]) {
      expect(familyOf(text), text).toBe('Noto Sans');
    }
  });

  it('has Chinese (simplified and traditional), Japanese, Korean, arrows and emoji', () => {
    for (const text of ['王小明', '陳黃張', 'ラーメン', 'あいう', '→'])
      expect(familyOf(text), text).toBe('Noto Sans SC');
    expect(familyOf('김치')).toBe('Noto Sans KR');
    for (const text of ['😀', '🍲']) expect(familyOf(text), text).toBe('Noto Emoji');
  });

  it('draws nothing of Arabic, Hebrew or Indic scripts, which need shaping or run right to left', () => {
    for (const text of ['م', 'ש', 'न']) {
      expect(drawnByFallback(text.codePointAt(0) ?? 0), text).toBe(false);
      expect(familyOf(text), text).toBeNull();
    }
    expect(drawnByFallback('₹'.codePointAt(0) ?? 0)).toBe(true);
  });

  it('gives a face only where its font has the glyph, and the same face each time', () => {
    const [notoSans] = fallbackFamilies();
    const face = notoSans?.faceFor(codePointsOf('ễ'));
    expect(face?.font.hasGlyphForCodePoint(0x1ec5)).toBe(true);
    expect(face?.font.glyphForCodePoint(0x1ec5).path.toSVG()).not.toBe('');
    expect(notoSans?.faceFor(codePointsOf('ễ'))).toBe(face);
    // A static TrueType font at the portal's body weight, as the tenants' fonts are made.
    expect(face?.font.variationAxes).toEqual({});
    // A character in a slice's range that the slice's font lacks is not taken from it.
    expect(notoSans?.faceFor(codePointsOf('王'))).toBeNull();
  });

  it('gives no face, rather than failing the document, where a family’s package cannot be read', () => {
    // Before (review 147) the missing package's error failed every document with such a character.
    const missing = new PackagedFamily('Missing', '@fontsource-variable/not-installed-here');
    expect(missing.faceFor(codePointsOf('王'))).toBeNull();
    expect(missing.faceFor(codePointsOf('ễ'))).toBeNull();
  });
});
