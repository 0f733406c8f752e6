import { describe, expect, it } from 'vitest';
import { tenantIds } from './tenant-config.ts';
import { tenants } from './tenants.ts';
import { themeCssVariables } from './theme-css-variables.ts';

describe('themeCssVariables', () => {
  it('maps the default theme onto the variables the UI tokens read', () => {
    expect(themeCssVariables(tenants.waratah.theme)).toEqual({
      '--tenant-primary': '#a4133c',
      '--tenant-secondary': '#3d6b5a',
      '--tenant-tertiary': '#fdf2f4',
      '--tenant-link': '#8a1032',
      '--tenant-body': '#1f2933',
      '--tenant-button-primary': '#a4133c',
      '--tenant-button-primary-text': '#ffffff',
      '--tenant-button-primary-fade': '#f3c6d2',
      '--tenant-button-secondary': '#3d6b5a',
      '--tenant-button-secondary-text': '#ffffff',
      '--tenant-button-tertiary': '#fdf2f4',
      '--tenant-button-tertiary-text': '#8a1032',
      '--tenant-font-family': "'Public Sans', system-ui, sans-serif",
    });
  });

  it.each(tenantIds)('%s: every variable has a value', (id) => {
    const variables = themeCssVariables(tenants[id].theme);
    expect(Object.keys(variables)).toHaveLength(13);
    for (const value of Object.values(variables)) expect(value).toMatch(/\S/);
  });
});
