import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('drops falsy values and lets the later Tailwind class win', () => {
    expect(cn('px-4 py-2', false && 'hidden', undefined, 'px-6')).toBe('py-2 px-6');
  });

  it('keeps classes of the kit tokens apart', () => {
    expect(cn('bg-button-primary text-button-primary-foreground', 'bg-error')).toBe(
      'text-button-primary-foreground bg-error',
    );
  });

  it('tells apart the groups that share a prefix, and overrides a side with the whole', () => {
    expect(cn('text-sm text-body text-center', 'text-lg text-error text-left')).toBe(
      'text-lg text-error text-left',
    );
    expect(cn('border border-border border-dashed', 'border-2 border-error')).toBe(
      'border-dashed border-2 border-error',
    );
    expect(cn('px-3 pt-2 mt-1', 'p-4 m-auto')).toBe('p-4 m-auto');
    expect(cn('leading-tight', 'text-sm')).toBe('text-sm');
    expect(cn('w-6 h-4', 'size-5')).toBe('size-5');
    expect(cn('focus-visible:ring-2 focus-visible:ring-ring', 'focus-visible:ring-[3px]')).toBe(
      'focus-visible:ring-ring focus-visible:ring-[3px]',
    );
  });

  // cn.ts gives tailwind-merge only the groups the code writes. Every class list written in the kit's,
  // the portal's and the tenants' sources is read here, and each pair of their classes is merged by cn
  // and by tailwind-merge's default configuration: a class whose group cn.ts lacks (or defines
  // differently) is named, with what each made of it.
  it('merges every pair of the classes the code writes as tailwind-merge’s default configuration does', () => {
    const classes = [...writtenClasses()];
    expect(classes.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        const ours = cn(list);
        const expected = twMerge(list);
        if (ours !== expected) differences.push(`"${list}": cn "${ours}", tailwind-merge "${expected}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  }, 20_000);
});

const sourceRoots = ['packages/ui/src', 'apps/portal/src', 'packages/tenants/src'].map((root) =>
  join(import.meta.dirname, '../../../..', root),
);

/**
 * The classes of every string literal in the sources whose words are all Tailwind classes (tailwind-merge
 * keeps one of two equal classes and both of two equal words it does not know). Template literals
 * count without their placeholders.
 */
function writtenClasses(): Set<string> {
  const isClass = (word: string) => twMerge(`${word} ${word}`) === word;
  const classes = new Set<string>();
  for (const root of sourceRoots) {
    for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const source = readFileSync(join(root, file), 'utf8');
      for (const literal of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
        const text = (literal[1] ?? literal[2] ?? literal[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
        const words = text.split(/\s+/).filter(Boolean);
        if (words.length > 0 && words.every(isClass)) for (const word of words) classes.add(word);
      }
    }
  }
  return classes;
}
