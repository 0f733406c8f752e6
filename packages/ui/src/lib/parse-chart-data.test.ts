import { describe, expect, it } from 'vitest';
import { parseChartData, toChartNumber } from './parse-chart-data.ts';

describe('toChartNumber', () => {
  it.each([
    [1200, 1200],
    ['$1,200', 1200],
    ['-$42.50', -42.5],
    ['AUD 3,000.75', 3000.75],
    ['abc', undefined],
    [Number.NaN, undefined],
    [null, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(toChartNumber(input)).toBe(expected);
  });
});

describe('parseChartData', () => {
  it('takes graphData entries with numbers or currency strings', () => {
    expect(
      parseChartData({
        graphData: [
          { name: 'Jan', value: 100 },
          { name: 'Feb', value: '$1,200.50' },
        ],
      }),
    ).toEqual([
      { name: 'Jan', value: 100 },
      { name: 'Feb', value: 1200.5 },
    ]);
  });

  it('converts a hash-rocket string to JSON', () => {
    expect(
      parseChartData({ graphData: '[{"name"=>"Jan", "value"=>"$1,200"}, {"name"=>"Feb", "value"=>300}]' }),
    ).toEqual([
      { name: 'Jan', value: 1200 },
      { name: 'Feb', value: 300 },
    ]);
  });

  it('takes a JSON string', () => {
    expect(parseChartData({ graphData: '[{"name":"Jan","value":"5"}]' })).toEqual([
      { name: 'Jan', value: 5 },
    ]);
  });

  it('pairs separate labels and values', () => {
    expect(parseChartData({ xLabels: ['Jan', 'Feb'], yValues: ['$10', 20] })).toEqual([
      { name: 'Jan', value: 10 },
      { name: 'Feb', value: 20 },
    ]);
  });

  it.each([
    [{}],
    [{ graphData: '[{"name"=>"Jan", "value"=>' }],
    [{ graphData: '{"name":"Jan"}' }],
    [{ graphData: [{ name: 'Jan', value: 'n/a' }] }],
    [{ graphData: [null] }],
    [{ xLabels: ['Jan'], yValues: [] }],
    [{ xLabels: [], yValues: [] }],
    [{ xLabels: 'Jan', yValues: 5 }],
  ])('gives no data for malformed input %j', (input) => {
    expect(parseChartData(input)).toEqual([]);
  });
});
