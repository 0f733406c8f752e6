import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'styles.css'), 'utf8');

describe('styles.css', () => {
  it('slides the drawer in 0.4 s and the sidebar in 0.6 s (spec §9)', () => {
    expect(css).toContain('--animate-drawer-in: slide-in-right 0.4s');
    expect(css).toContain('--animate-drawer-out: slide-out-right 0.4s');
    expect(css).toContain('--animate-sidebar-in: slide-in-left 0.6s');
  });

  it('maps every colour token a tenant sets to its CSS variable', () => {
    for (const name of ['primary', 'secondary', 'tertiary', 'link', 'body', 'button-primary-fade']) {
      expect(css).toContain(`--color-${name}: var(--tenant-${name});`);
    }
  });
});
