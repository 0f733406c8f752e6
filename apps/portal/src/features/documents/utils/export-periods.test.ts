import { describe, expect, it } from 'vitest';
import { choiceForRange, initialChoice, periodOptions, periodRequest } from './export-periods.ts';

const statements = [
  { label: 'past week', value: 'week' },
  { label: 'financial year 24/25', value: 'fin-year' },
];

describe('export periods', () => {
  it("offers the tenant's options, and custom dates only with the feature", () => {
    expect(periodOptions(statements, false, 'Custom dates').map((option) => option.value)).toEqual([
      'week',
      'fin-year',
    ]);
    expect(periodOptions(statements, true, 'Custom dates').at(-1)).toEqual({
      label: 'Custom dates',
      value: 'custom',
    });
  });

  it('starts on the first option', () => {
    expect(initialChoice(statements)).toEqual({ period: 'week', from: '', to: '' });
    expect(initialChoice([])).toEqual({ period: '', from: '', to: '' });
  });

  it('sends a period value, or both custom dates in order', () => {
    expect(periodRequest({ period: 'fin-year', from: '2020-01-01', to: '' })).toEqual({ period: 'fin-year' });
    expect(periodRequest({ period: 'custom', from: '2026-01-01', to: '' })).toBeNull();
    expect(periodRequest({ period: 'custom', from: '2026-02-01', to: '2026-01-01' })).toBeNull();
    expect(periodRequest({ period: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      period: 'custom',
      from_date: '2026-01-01',
      to_date: '2026-01-31',
    });
    expect(periodRequest({ period: '', from: '', to: '' })).toBeNull();
  });

  it("starts from the page's range: its option, else custom dates where allowed", () => {
    const passport = [
      { label: 'past 6 months', value: 'six-months' },
      { label: 'financial year 24/25', value: 'fin-year' },
    ];
    const finYear = { from: '2024-07-01', to: '2025-06-30' };
    expect(choiceForRange(finYear, passport, false, '2026-11-23')).toEqual({
      period: 'fin-year',
      from: '',
      to: '',
    });
    expect(choiceForRange({ from: '2026-05-24', to: '2026-11-23' }, passport, false, '2026-11-23')).toEqual({
      period: 'six-months',
      from: '',
      to: '',
    });
    const odd = { from: '2026-01-01', to: '2026-02-01' };
    expect(choiceForRange(odd, passport, true, '2026-11-23')).toEqual({ period: 'custom', ...odd });
    expect(choiceForRange(odd, passport, false, '2026-11-23')).toBeNull();
    expect(choiceForRange(null, passport, true, '2026-11-23')).toBeNull();
  });
});
