import type { TenantTheme } from './tenant-config.ts';

/** The first family of a CSS font-family list, unquoted: the name the local font file is declared under. */
export function primaryFontFamily(fontFamily: string): string {
  const first = fontFamily.split(',')[0] ?? '';
  return first.trim().replace(/^(['"])(.*)\1$/, '$2');
}

/**
 * The @font-face rule that serves the tenant's own font file, so the theme works offline.
 * The weight range is wide on purpose: each file is a variable font and the browser clamps to its axis.
 */
export function fontFaceRule(theme: Pick<TenantTheme, 'fontFamily' | 'fontUrl'>): string {
  // Config is data, not CSS: keep only what a family name or a path needs, so no value can end the rule.
  const family = primaryFontFamily(theme.fontFamily).replace(/[^\w -]/g, '');
  const url = theme.fontUrl.replace(/[^\w./-]/g, '');
  const descriptors = [
    `font-family: '${family}'`,
    `src: url('${url}') format('woff2')`,
    'font-style: normal',
    'font-weight: 100 1000',
    'font-display: swap',
  ];
  return `@font-face { ${descriptors.join('; ')}; }`;
}
