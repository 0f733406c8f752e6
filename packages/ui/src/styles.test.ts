import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const css = readFileSync(join(here, 'styles.css'), 'utf8');

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Each component's source, read once for the checks below. */
const componentSources = readdirSync(join(here, 'components'))
  .filter((name) => name.endsWith('.tsx'))
  .map((file) => ({ file, source: readFileSync(join(here, 'components', file), 'utf8') }));

const token = (name: string) => css.match(new RegExp(`--color-${name}: (#[0-9a-f]{6});`))?.[1] ?? '';

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

  it('draws input borders at 3:1 or more on the surface and the background (WCAG 1.4.11)', () => {
    expect(token('input')).toBe('#808a98');
    expect(contrast('#808a98', '#ffffff')).toBeCloseTo(3.5, 1);
    expect(contrast(token('input'), token('surface'))).toBeGreaterThanOrEqual(3);
    expect(contrast(token('input'), token('background'))).toBeGreaterThanOrEqual(3);
  });

  it('never leaves a faded ring as the only focus indicator of a component', () => {
    for (const { file, source } of componentSources) {
      for (const classes of source.match(/'[^'\n]*ring-ring\/\d+[^'\n]*'|"[^"\n]*ring-ring\/\d+[^"\n]*"/g) ??
        []) {
        // A faded halo is fine around a full-colour border (text inputs); alone it is below 3:1.
        expect(classes, file).toContain('focus-visible:border-ring');
      }
    }
  });

  // A state's animation (`data-[state=open]:animate-…`) outranks `motion-reduce:animate-none` by its
  // attribute selector, so reduced motion is honoured only where the animation itself is motion-safe.
  it('animates a component’s open and closed states only for visitors who did not ask for less motion', () => {
    const unguarded: string[] = [];
    for (const { file, source } of componentSources) {
      for (const [utility] of source.matchAll(/[\w:[\]=-]*data-\[[^\]]+\]:animate-[\w-]+/g))
        if (!utility.startsWith('motion-safe:')) unguarded.push(`${file}: ${utility}`);
    }
    expect(unguarded).toEqual([]);
  });

  it('moves the modal in from just below its centre, whatever centres it', () => {
    // Tailwind's -translate-x/y-1/2 set the separate `translate` property, which a keyframe's
    // `transform: translate(…)` would add to, not replace: the modal would start off to one side.
    const keyframes = css.match(/@keyframes dialog-in \{[^}]*\}/)?.[0] ?? '';
    expect(keyframes).toContain('opacity: 0');
    expect(keyframes).not.toMatch(/translate\(-50%/);
  });
});
