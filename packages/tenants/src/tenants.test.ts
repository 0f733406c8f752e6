import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ExportOptions, environments, type TenantId, tenantIds } from './tenant-config.ts';
import { getTenant, isTenantId, tenants } from './tenants.ts';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const all = tenantIds.map((id) => tenants[id]);

// WCAG 2 relative luminance and contrast ratio, for #rrggbb colours.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('tenants', () => {
  it('has the three tenants under their own ids and names', () => {
    expect(Object.keys(tenants)).toEqual(['waratah', 'moneypartner', 'waratahlabs']);
    expect(all.map((tenant) => [tenant.id, tenant.name])).toEqual([
      ['waratah', 'Waratah'],
      ['moneypartner', 'MoneyPartner'],
      ['waratahlabs', 'Waratah Labs'],
    ]);
    expect(getTenant('moneypartner')).toBe(tenants.moneypartner);
  });

  it.each([
    ['waratah', true],
    ['waratahlabs', true],
    ['WARATAH', false],
    ['nosuch', false],
    ['toString', false],
  ])('isTenantId(%s) → %s', (value, expected) => {
    expect(isTenantId(value)).toBe(expected);
  });

  it.each<[TenantId, string[]]>([
    ['waratah', ['sandbox', 'staging', 'production']],
    ['moneypartner', ['sandbox', 'staging', 'production']],
    ['waratahlabs', ['sandbox', 'staging']],
  ])('%s is configured for %j', (id, expected) => {
    expect(Object.keys(tenants[id].envConfig)).toEqual(expected);
  });

  it('gives every hosted and secondary hosted domain to one tenant environment only', () => {
    const domains = all.flatMap((tenant) =>
      Object.values(tenant.envConfig).flatMap((env) => [env.hostedDomain, env.secondaryHostedDomain]),
    );
    expect(domains).toHaveLength(16);
    expect(new Set(domains.map((domain) => domain.toLowerCase())).size).toBe(domains.length);
  });

  it.each(tenantIds)('%s: single sign-on only on the default tenant, in every environment', (id) => {
    for (const environment of environments) {
      const fusionAuth = tenants[id].envConfig[environment]?.fusionAuth;
      if (id === 'waratah') {
        expect(fusionAuth?.enabled).toBe(true);
        expect(fusionAuth?.tenantId).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
        );
        expect(fusionAuth?.serverUrl).toMatch(/^https:\/\//);
      } else {
        expect(fusionAuth?.enabled ?? false).toBe(false);
      }
    }
  });

  it.each(all)('$id: integrations stay off until configured', (tenant) => {
    expect(tenant.analyticsTokens).toEqual({ test: '', production: '' });
    for (const env of Object.values(tenant.envConfig)) expect(env.appcuesId).toBeUndefined();
  });

  it.each<[TenantId, string | undefined, string | undefined]>([
    ['waratah', 'https://www.waratah.com.au/privacy', 'https://www.waratah.com.au/terms'],
    [
      'moneypartner',
      'https://www.moneypartner.com.au/privacy-policy',
      'https://www.moneypartner.com.au/terms-of-service',
    ],
    ['waratahlabs', undefined, undefined],
  ])('%s legal links', (id, privacyLink, termsLink) => {
    expect(tenants[id].legal?.privacyLink).toBe(privacyLink);
    expect(tenants[id].legal?.termsLink).toBe(termsLink);
  });
});

describe('export options (spec §9)', () => {
  const standard: ExportOptions = {
    financialPassport: [
      { label: '6 months', value: 'six-months' },
      { label: '12 months', value: 'year' },
    ],
    statements: [
      { label: '30 days', value: 'month' },
      { label: '3 months', value: 'three-months' },
      { label: '6 months', value: 'six-months' },
      { label: '12 months', value: 'year' },
    ],
  };
  const moneypartner: ExportOptions = {
    financialPassport: [
      { label: 'past 3 months', value: 'three-months' },
      { label: 'past 6 months', value: 'six-months' },
      { label: 'past year', value: 'year' },
      { label: 'financial year 24/25', value: 'fin-year' },
    ],
    statements: [
      { label: 'past week', value: 'week' },
      { label: 'past fortnight', value: 'fortnight' },
      { label: 'past month', value: 'month' },
      { label: 'past 3 months', value: 'three-months' },
      { label: 'past 6 months', value: 'six-months' },
      { label: 'past year', value: 'year' },
      { label: 'financial year 24/25', value: 'fin-year' },
    ],
  };

  it.each<[TenantId, ExportOptions]>([
    ['waratah', standard],
    ['moneypartner', moneypartner],
    ['waratahlabs', standard],
  ])('%s', (id, expected) => {
    expect(tenants[id].exportOptions).toEqual(expected);
  });
});

describe('colours', () => {
  it.each<[TenantId, string, string]>([
    ['waratah', 'oneOff', 'one_off'],
    ['moneypartner', 'one_off', 'oneOff'],
    ['waratahlabs', 'oneOff', 'one_off'],
  ])('%s spells the one-off category colour %s', (id, present, absent) => {
    const colors = tenants[id].categoryColors;
    expect(Object.keys(colors).sort()).toEqual(
      ['goals', 'income', 'lifestyle', 'living', present, 'savings'].sort(),
    );
    expect(colors).not.toHaveProperty(absent);
  });

  it('gives moneypartner green, orange and translucent orange chart colours', () => {
    expect(tenants.moneypartner.chartColors).toEqual(['#2e9e5b', '#f28c28', 'rgba(242, 140, 40, 0.35)']);
    expect(tenants.waratah.chartColors).toBeUndefined();
    expect(tenants.waratahlabs.chartColors).toBeUndefined();
  });

  it.each(
    all.flatMap((tenant) =>
      (['Primary', 'Secondary', 'Tertiary'] as const).map((kind) => ({
        id: tenant.id,
        kind,
        theme: tenant.theme,
      })),
    ),
  )('$id: $kind button text meets WCAG AA contrast', ({ kind, theme }) => {
    expect(contrast(theme[`colorButton${kind}`], theme[`colorButton${kind}Text`])).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it.each(all)('$id: body and link text meet WCAG AA on white', ({ theme }) => {
    expect(contrast(theme.colorBody, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(theme.colorLink, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(all)('$id: the sidebar colour carries the white reversed logo', ({ theme }) => {
    expect(contrast(theme.colorPrimary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('files under public/', () => {
  const files = all.flatMap((tenant) =>
    [
      tenant.assets.logoUrl,
      tenant.assets.logoReversedUrl,
      tenant.assets.faviconUrl,
      tenant.theme.fontUrl,
    ].map((url) => ({ id: tenant.id, url })),
  );

  it.each(files)('$id: $url exists and sits in the tenant folder', ({ id, url }) => {
    expect(url.startsWith(`/tenants/${id}/`)).toBe(true);
    expect(existsSync(join(publicDir, url))).toBe(true);
  });

  it.each(
    all.flatMap((tenant) =>
      [tenant.assets.logoUrl, tenant.assets.logoReversedUrl].map((url) => ({
        url,
        size: tenant.assets.logoSize,
      })),
    ),
  )('$url is as large as the logo size the tenant declares', ({ url, size }) => {
    const svg = readFileSync(join(publicDir, url), 'utf8');
    expect(svg).toMatch(new RegExp(`<svg [^>]*width="${size.width}" height="${size.height}"`));
  });

  it.each(files.filter(({ url }) => url.endsWith('.svg')))('$url is an accessible, sized SVG', ({ url }) => {
    const svg = readFileSync(join(publicDir, url), 'utf8');
    expect(svg).toMatch(/<svg [^>]*viewBox="[\d. ]+"/);
    expect(svg).toMatch(/<svg [^>]*width="\d+" height="\d+"/);
    expect(svg).toMatch(/<svg [^>]*role="img"/);
    expect(svg).toMatch(/<title id="[^"]+">[^<]+<\/title>/);
  });

  it.each(all)('$id: the font is a local woff2 with its OFL licence beside it', ({ theme }) => {
    const path = join(publicDir, theme.fontUrl);
    expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(readFileSync(join(dirname(path), 'OFL.txt'), 'utf8')).toContain(
      'SIL Open Font License, Version 1.1',
    );
  });
});
