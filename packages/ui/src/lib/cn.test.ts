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
});
