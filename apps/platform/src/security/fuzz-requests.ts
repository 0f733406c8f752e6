import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pathValues } from './matrix-requests.ts';
import { fillPath, type JsonSchema, type Operation, sampleValue } from './openapi-operations.ts';
import type { Caller } from './security-fixture.ts';

/** Values that have broken parsers before: edges of numbers, encodings, paths and SQL. */
const nastyStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999999999',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table clients; --',
  '<script>alert(1)</script>',
  '😀',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'é'.normalize('NFD'),
  '\ud800',
  'a'.repeat(10_000),
  '2026-02-30',
  '2026-13-01',
  '-0001-01-01',
  '0001-01-01',
  '9999-12-31',
  '1000001',
  '9007199254740991',
  '100000000000000000',
  '2026-01-01T25:61:61Z',
];

/**
 * Path segments sent as they are, not encoded: percent-encoding that decodes to nothing, dot
 * segments, a matrix parameter. The router refuses some before any hook runs (errors/transport-errors.ts).
 */
const rawPathSegments = [
  '%zz',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%2e%2e',
  '..',
  '.',
  '%252e',
  ';x=1',
  '%00',
  '%2F',
];

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/**
 * A header value as a real socket delivers one: Node refuses control characters but a tab, and
 * reads the bytes 0x80–0xFF as Latin-1 characters; so those, among the nasty strings.
 */
const headerValue = fc.oneof(
  nastyString.map((value) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')),
  fc.string({
    unit: fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
    minLength: 1,
    maxLength: 40,
  }),
  fc.constantFrom('caf\xe9', 'Bearer \xff\xfe', 'XSRF-TOKEN=\xe9; access_token=\xa0', '\t', ' '),
);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, 0.1, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((value) => Number(value)),
);

/** JSON nested far deeper than any contract allows. */
const deepJson = fc
  .integer({ min: 50, max: 5000 })
  .map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`);

/** Any JSON value, with the nasty strings and numbers mixed in. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(nastyString, fc.string()), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** The sample of a schema with one field (at any depth) replaced by something it should refuse. */
function mutatedSample(schema: JsonSchema): fc.Arbitrary<unknown> {
  const sample = sampleValue(schema);
  const paths = fieldPaths(schema);
  if (paths.length === 0) return anyJson;
  return fc.tuple(fc.constantFrom(...paths), anyJson).map(([path, value]) => {
    const copy = structuredClone(sample) as Record<string, unknown>;
    let target: Record<string, unknown> = copy;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (!next || typeof next !== 'object') target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = value;
    return copy;
  });
}

function fieldPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 4 || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([name, child]) => [
    [...prefix, name],
    ...fieldPaths(child, [...prefix, name], depth + 1),
  ]);
}

/** A request body: well formed but wrong, not JSON at all, absurdly nested or absurdly large. */
function bodyFor(operation: Operation): fc.Arbitrary<{ contentType: string; payload: string | Buffer }> {
  const json = (value: unknown) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? '',
  });
  const arbitraries: fc.Arbitrary<{ contentType: string; payload: string | Buffer }>[] = [
    anyJson.map(json),
    deepJson.map((payload) => ({ contentType: 'application/json', payload })),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"a":1}}',
        'nul',
        '\u0000',
        '{"__proto__":{"x":1}}',
        '1e400',
        '"\\ud800"',
      )
      .map((payload) => ({ contentType: 'application/json', payload })),
    fc
      .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png', '')
      .chain((contentType) => nastyString.map((payload) => ({ contentType, payload }))),
    fc.integer({ min: 1, max: 3 }).map((megabytes) => ({
      contentType: 'application/json',
      payload: `"${'x'.repeat(megabytes * 1024 * 1024)}"`,
    })),
    multipart(),
  ];
  if (operation.body?.schema) arbitraries.push(mutatedSample(operation.body.schema).map(json));
  return fc.oneof(...arbitraries);
}

/** multipart/form-data that lies: a wrong boundary, a truncated part, a file that is not what it says. */
function multipart(): fc.Arbitrary<{ contentType: string; payload: string | Buffer }> {
  return fc
    .record({
      boundary: fc.constantFrom('b', 'x'.repeat(80), '', '"quoted"'),
      declared: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/x-msdownload', ''),
      content: fc.oneof(
        fc.constant(Buffer.from('89504e470d0a1a0a', 'hex')),
        fc.constant(Buffer.from('<html><script>alert(1)</script></html>')),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      ),
      truncate: fc.boolean(),
      field: fc.constantFrom('file', 'image', '', 'file"; filename="../../x'),
    })
    .map(({ boundary, declared, content, truncate, field }) => {
      const sent = boundary === '' ? 'zz' : boundary;
      const whole = Buffer.concat([
        Buffer.from(
          `--${sent}\r\nContent-Disposition: form-data; name="${field}"; filename="x.png"\r\nContent-Type: ${declared}\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${sent}--\r\n`),
      ]);
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload: truncate ? whole.subarray(0, Math.floor(whole.length / 2)) : whole,
      };
    });
}

/** Stands for a raw segment while the path is filled (it encodes as itself). */
const rawPlaceholder = 'RAWSEGMENT';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A malformed request to one operation, as one of the given callers. */
export function fuzzRequest(operation: Operation, callers: Caller[]): fc.Arbitrary<FuzzRequest> {
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const hasBody = !['GET', 'DELETE'].includes(operation.method);
  return fc
    .record({
      caller: fc.constantFrom(...callers),
      pathValue: fc.option(nastyString, { freq: 2 }),
      rawSegment: fc.option(fc.constantFrom(...rawPathSegments), { freq: 8 }),
      query: fc.dictionary(
        fc.oneof(fc.constantFrom(...(queryNames.length ? queryNames : ['size'])), nastyString),
        fc.oneof(nastyString, nastyNumber.map(String)),
        { maxKeys: 4 },
      ),
      headers: fc.dictionary(
        fc.constantFrom(
          'x-user-id',
          'x-api-version',
          'x-tenant-id',
          'x-external-party-id',
          'accept',
          'accept-encoding',
          'cookie',
          'authorization',
          'x-xsrf-token',
          'origin',
          'host',
        ),
        headerValue,
        { maxKeys: 2 },
      ),
      body: hasBody ? fc.option(bodyFor(operation), { freq: 8 }) : fc.constant(null),
    })
    .map(({ caller, pathValue, rawSegment, query, headers, body }) => {
      const values = pathValues(operation.path, caller.ids);
      const sent = pathValue ?? (rawSegment === null ? null : rawPlaceholder);
      let filled = fillPath(
        operation.path,
        sent === null ? values : Object.fromEntries(Object.keys(values).map((name) => [name, sent])),
      );
      // Only where the operation has a parameter: appended to a fixed path, it names another page.
      if (rawSegment !== null) filled = filled.replaceAll(rawPlaceholder, rawSegment);
      const search = new URLSearchParams(query).toString();
      return {
        method: operation.method,
        url: search ? `${filled}?${search}` : filled,
        headers: {
          ...caller.headers,
          ...headers,
          ...(body ? { 'content-type': body.contentType } : {}),
        },
        ...(body ? { payload: body.payload } : {}),
      };
    });
}

// Rows a refused request may still write: the audit trail of reads, rate-limit counters, sessions
// (a refused refresh token revokes its family). Not e-mail or jobs: a refused request sends
// nothing and queues nothing.
const bookkeepingTables = new Set([
  'audit_log',
  'rate_limit_buckets',
  'oauth_tokens',
  'identity_store',
  'identity_keys',
  'kysely_migration',
  'kysely_migration_lock',
]);

/** A digest of every business table's rows in one query: equal before and after means nothing changed. */
export async function databaseFingerprint(app: FastifyInstance): Promise<string> {
  const db = app.database.db;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const parts = tables.rows
    .map((row) => row.table_name)
    .filter((table) => !bookkeepingTables.has(table) && /^[a-z_][a-z0-9_]*$/.test(table))
    .map(
      (table) =>
        sql`select ${table} as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.table(table)} as t`,
    );
  if (parts.length === 0) return '';
  const rows = await sql<{ name: string; digest: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows.rows
    .map((row) => `${row.name}=${row.digest}`)
    .sort()
    .join('\n');
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split('=')[0] ?? line);
}

/** What a client must never see in an answer: a stack frame or a source path. */
export const stackTracePattern = /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/src\/[^\s"]+\.ts\b|\bat async\b/;
