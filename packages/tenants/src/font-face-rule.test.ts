import { describe, expect, it } from 'vitest';
import { fontFaceRule, primaryFontFamily } from './font-face-rule.ts';
import { tenants } from './tenants.ts';

describe('primaryFontFamily', () => {
  it.each([
    ["'Public Sans', system-ui, sans-serif", 'Public Sans'],
    ['"Nunito Sans", sans-serif', 'Nunito Sans'],
    ['system-ui', 'system-ui'],
  ])('%s → %s', (fontFamily, expected) => {
    expect(primaryFontFamily(fontFamily)).toBe(expected);
  });
});

describe('fontFaceRule', () => {
  it('declares the local file under the theme font family', () => {
    expect(fontFaceRule(tenants.waratah.theme)).toBe(
      "@font-face { font-family: 'Public Sans'; src: url('/tenants/waratah/fonts/public-sans-latin-wght-normal.woff2') format('woff2'); font-style: normal; font-weight: 100 1000; font-display: swap; }",
    );
  });

  it('keeps config values from ending the rule', () => {
    const rule = fontFaceRule({ fontFamily: "'Evil'; } body {", fontUrl: "/x.woff2'); } a {" });
    expect(rule).toBe(
      "@font-face { font-family: 'Evil  body '; src: url('/x.woff2a') format('woff2'); font-style: normal; font-weight: 100 1000; font-display: swap; }",
    );
  });
});
