import { fileURLToPath } from 'node:url';
import { parseCsv, previewCsv } from '../../apps/platform/src/imports/parse-csv.ts';
import { parseOfx } from '../../apps/platform/src/imports/parse-ofx.ts';
import { median } from './stats.ts';

export interface ImportFigure {
  name: string;
  characters: number;
  medianMs: number;
  /** The same rows' JSON read by `JSON.parse`, in the same run: the floor of reading the text once. */
  jsonMs: number;
}

/** A day of November 2026 for each row, cycling. */
const dayOf = (index: number) => String(1 + (index % 28)).padStart(2, '0');

/** `count` bank transactions as an OFX 1.x SGML statement (no end tags), as most banks export it. */
export function sgmlStatement(count: number): string {
  const transactions = Array.from({ length: count }, (_, index) =>
    [
      '<STMTTRN>',
      `<TRNTYPE>${index % 7 === 0 ? 'CREDIT' : 'DEBIT'}`,
      `<DTPOSTED>202611${dayOf(index)}120000[+10:AEST]`,
      `<TRNAMT>${index % 7 === 0 ? '' : '-'}${(index % 900) + 1}.${String(index % 100).padStart(2, '0')}`,
      `<FITID>FIT-${index}`,
      `<NAME>EFTPOS ${index} SYDNEY`,
      `<MEMO>Card 1234 &amp; more`,
      '</STMTTRN>',
    ].join('\n'),
  );
  return [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>AUD',
    '<BANKACCTFROM>\n<BANKID>062000\n<ACCTID>12345678\n</BANKACCTFROM>\n<BANKTRANLIST>',
    ...transactions,
    '</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>',
  ].join('\n');
}

/** The same transactions as OFX 2.x XML (every element closed). */
export function xmlStatement(count: number): string {
  return sgmlStatement(count)
    .replace('OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n', '<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>')
    .replace(/^<(TRNTYPE|DTPOSTED|TRNAMT|FITID|NAME|MEMO|CURDEF|BANKID|ACCTID)>(.*)$/gm, '<$1>$2</$1>');
}

/** The same transactions as a CSV with a header, every text quoted (as CommBank's quotes). */
export function csvStatement(count: number): string {
  const rows = Array.from(
    { length: count },
    (_, index) =>
      `"${dayOf(index)}/11/2026","${index % 7 === 0 ? '' : '-'}${(index % 900) + 1}.${String(index % 100).padStart(2, '0')}","EFTPOS ${index} SYDNEY","1234.56"`,
  );
  return ['Date,Amount,Description,Balance', ...rows].join('\r\n');
}

/** The rows as JSON, for the floor of reading text of that size once. */
function jsonOf(count: number): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, index) => ({
      date: `2026-11-${dayOf(index)}`,
      amount: `-${(index % 900) + 1}.00`,
      description: `EFTPOS ${index} SYDNEY`,
      fitId: `FIT-${index}`,
    })),
  );
}

function timeMs(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * Reading an import file, the part of `POST imports` that holds the event loop: OFX (SGML and XML)
 * and CSV of `count` transactions, and the CSV preview, each beside `JSON.parse` of the same rows
 * in the same run (the ratio says how far from reading the text once each parser is). Before
 * 2026-12-03 ofx-data-extractor took about 2.4 s for 50,000 SGML transactions, and the preview of
 * a quoted CSV of 90,000 rows about 0.7 s.
 */
export function runImportsBenchmarks({ runs = 5, count = 50_000 } = {}): ImportFigure[] {
  const sgml = sgmlStatement(count);
  const xml = xmlStatement(count);
  const csv = csvStatement(count);
  const json = jsonOf(count);
  const mapping = {
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    dateFormat: 'DD/MM/YYYY',
  } as const;
  const cases: { name: string; text: string; read: () => unknown }[] = [
    {
      name: `OFX 1.x SGML, ${count} transactions`,
      text: sgml,
      read: () => parseOfx(sgml, { currency: 'AUD' }),
    },
    { name: `OFX 2.x XML, ${count} transactions`, text: xml, read: () => parseOfx(xml, { currency: 'AUD' }) },
    { name: `CSV, ${count} rows`, text: csv, read: () => parseCsv(csv, mapping) },
    { name: `CSV preview, ${count} rows`, text: csv, read: () => previewCsv(csv) },
  ];
  // Warmed once, so the figures are the steady state a running server sees.
  for (const { read } of cases) read();
  return cases.map(({ name, text, read }) => {
    const times: number[] = [];
    const jsonTimes: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      jsonTimes.push(timeMs(() => JSON.parse(json)));
      times.push(timeMs(read));
    }
    return { name, characters: text.length, medianMs: median(times), jsonMs: median(jsonTimes) };
  });
}

export function importRows(figures: readonly ImportFigure[], runs: number): string[] {
  return figures.map(
    (figure) =>
      `| imports: ${figure.name} (${(figure.characters / 1e6).toFixed(1)} M characters; median of ${runs}) | ${figure.medianMs.toFixed(0)} ms | ${(figure.medianMs / figure.jsonMs).toFixed(1)} × JSON.parse of the same rows (${figure.jsonMs.toFixed(0)} ms) | |`,
  );
}

// `npx tsx bench/src/imports-bench.ts` prints just these figures.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  console.log('| figure | value | ratio | target |\n|---|---|---|---|');
  for (const row of importRows(runImportsBenchmarks({ runs }), runs)) console.log(row);
}
