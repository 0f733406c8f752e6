export interface ChartDatum {
  name: string;
  value: number;
}

export interface ChartDataInput {
  /** Entries with name and value, or a string of them in JSON or Ruby hash-rocket notation. */
  graphData?: unknown;
  xLabels?: unknown;
  yValues?: unknown;
}

/** A number, or a currency string with everything but digits, point and minus stripped. */
export function toChartNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(/[^0-9.-]/g, '');
  if (!/\d/.test(cleaned)) return undefined;
  const number = Number(cleaned);
  return Number.isFinite(number) ? number : undefined;
}

function fromString(input: string): unknown {
  // Ruby's inspect output: `[{"name"=>"Jan", "value"=>"$1,200"}]`, with nil for null.
  const json = input.replace(/=>/g, ':').replace(/\bnil\b/g, 'null');
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

function fromEntries(entries: unknown): ChartDatum[] {
  if (!Array.isArray(entries)) return [];
  const data: ChartDatum[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, value } = entry as Record<string, unknown>;
    const number = toChartNumber(value);
    if (name == null || number === undefined) return [];
    data.push({ name: String(name), value: number });
  }
  return data;
}

/**
 * Spec §3 "Bar chart data": graphData wins over separate labels and values. Anything
 * malformed (or labels and values of different lengths) gives no data rather than an error.
 */
export function parseChartData({ graphData, xLabels, yValues }: ChartDataInput): ChartDatum[] {
  if (graphData != null && graphData !== '') {
    return fromEntries(typeof graphData === 'string' ? fromString(graphData) : graphData);
  }
  const labels = typeof xLabels === 'string' ? fromString(xLabels) : xLabels;
  const values = typeof yValues === 'string' ? fromString(yValues) : yValues;
  if (!Array.isArray(labels) || !Array.isArray(values) || labels.length !== values.length) return [];
  return fromEntries(labels.map((name, index) => ({ name, value: values[index] })));
}
