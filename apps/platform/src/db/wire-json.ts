import type { Paging } from '@waratah/contracts';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { $ZodType } from 'zod/v4/core';
import * as core from 'zod/v4/core';

/**
 * Where one field of a contract comes from, for a row's JSON written by the database
 * (`wireJson`): a column or expression, or, for a nested object, its own fields.
 */
export type WireField = WireValue | WireObject;

interface WireValue {
  readonly kind: 'value';
  readonly value: Expression<unknown>;
  /** The value's text never holds a character JSON escapes, so it is written as it is. */
  readonly plain: boolean;
}

interface WireObject {
  readonly kind: 'object';
  readonly fields: WireFields;
  /** For an object the contract allows to be null: when it is. */
  readonly nullWhen: Expression<SqlBool> | undefined;
}

export type WireFields = Readonly<Record<string, WireField>>;

/** The ways a field of `wireJson` is taken from a row. */
export const wireField = {
  /**
   * Any value: text through PostgreSQL's `to_json` (escaped as `JSON.stringify` escapes), a number
   * or boolean as PostgreSQL prints it, a `text[]` for an array of strings through `array_to_json`.
   * (Not `jsonb`: it reorders keys and writes a space after every comma and colon.)
   */
  value: (value: Expression<unknown>): WireField => ({ kind: 'value', value, plain: false }),
  /**
   * Text PostgreSQL writes with no character JSON escapes: an integer, a `date`, a `numeric`, a
   * value of a contract's enum. Written between quotes (or bare, for a number) without `to_json`,
   * which is about a third of what writing a row costs the database (docs/benchmarks.md).
   */
  plain: (value: Expression<unknown>): WireField => ({ kind: 'value', value, plain: true }),
  /** A nested object; `nullWhen` for one the contract allows to be null. */
  object: (fields: WireFields, nullWhen?: Expression<SqlBool>): WireField => ({
    kind: 'object',
    fields,
    nullWhen,
  }),
};

/**
 * One row as the JSON text of `contract`, written by the database: the fields in the contract's
 * order, each encoded as `JSON.stringify` encodes it, so that a page of rows reaches the answer as
 * one text a row instead of every column decoded, rebuilt as an object and written again in Node
 * (docs/benchmarks-history.md, "A page written by the database").
 *
 * Built once, when a module loads: a field the contract has and `fields` does not (or the other
 * way round), or a field whose kind cannot be written exactly (a fraction, which PostgreSQL and
 * JavaScript print differently), throws then. A value the contract requires that is null makes the
 * whole text null (`||` keeps nulls), which `requireWireJson` refuses.
 */
export function wireJson(contract: core.$ZodObject, fields: WireFields): RawBuilder<string | null> {
  return sql<string | null>`(${textOf(objectParts(contract, fields, ''))})`;
}

/** The row's text from `wireJson`; a null one names a required value the row lacked. */
export function requireWireJson(text: string | null, what: string): string {
  if (text === null) throw new Error(`${what}: a value its contract requires is null in the database`);
  return text;
}

/** A piece of a JSON text: literal text, or a value written as JSON (null when the value is). */
type Part = string | RawBuilder<string>;

function objectParts(contract: core.$ZodObject, fields: WireFields, path: string): Part[] {
  const { shape } = contract._zod.def;
  const names = Object.keys(shape);
  const extra = Object.keys(fields).filter((name) => !names.includes(name));
  if (extra.length > 0) throw new Error(`wireJson: ${path}${extra.join(', ')} not in the contract`);
  const parts: Part[] = [];
  names.forEach((name, index) => {
    const field = fields[name];
    if (field === undefined) throw new Error(`wireJson: ${path}${name} has no source`);
    const inner = fieldParts(shape[name] as $ZodType, field, `${path}${name}.`);
    parts.push(`${index === 0 ? '{' : ','}${JSON.stringify(name)}:`, ...inner);
  });
  parts.push('}');
  return parts;
}

// The contracts are written with zod's classic API and, for the first page's answers, `zod/mini`:
// both build on zod's core classes, which these checks name.
function fieldParts(schema: $ZodType, field: WireField, path: string): Part[] {
  const nullable = schema instanceof core.$ZodNullable;
  const inner = nullable ? schema._zod.def.innerType : schema;
  const name = path.slice(0, -1);
  if (inner instanceof core.$ZodObject) {
    if (field.kind !== 'object') throw new Error(`wireJson: ${name} is an object in the contract`);
    const object = objectParts(inner, field.fields, path);
    if (!nullable) return object;
    if (field.nullWhen === undefined) throw new Error(`wireJson: ${name} may be null: say when`);
    return [sql<string>`case when ${field.nullWhen} then 'null' else ${textOf(object)} end`];
  }
  if (field.kind !== 'value') throw new Error(`wireJson: ${name} is not an object in the contract`);
  const value = valueParts(inner, field, name);
  return nullable ? [sql<string>`coalesce(${textOf(value)}, 'null')`] : value;
}

function valueParts(schema: $ZodType, field: WireValue, name: string): Part[] {
  const { value } = field;
  const text = sql<string>`(${value})::text`;
  if (schema instanceof core.$ZodNumber) {
    // Whole numbers are what JSON Schema calls integers (zod says so only there for both APIs).
    if (core.toJSONSchema(schema).type !== 'integer')
      throw new Error(`wireJson: ${name} is a fraction; write it as a decimal string`);
    return [text];
  }
  if (schema instanceof core.$ZodBoolean) return [text];
  if (schema instanceof core.$ZodEnum) {
    const escaped = Object.values(schema._zod.def.entries).filter(
      (option) => JSON.stringify(option) !== `"${option}"`,
    );
    if (escaped.length > 0)
      throw new Error(`wireJson: ${name} has values JSON escapes: ${escaped.join(', ')}`);
    return ['"', text, '"'];
  }
  if (schema instanceof core.$ZodString)
    return field.plain ? ['"', text, '"'] : [sql<string>`to_json(${text})::text`];
  if (
    schema instanceof core.$ZodArray &&
    schema._zod.def.element instanceof core.$ZodString &&
    !field.plain
  ) {
    return [sql<string>`array_to_json((${value})::text[])::text`];
  }
  throw new Error(`wireJson: ${name} is of a kind the database does not write (${schema._zod.def.type})`);
}

/**
 * The parts as one text: adjacent literals merged (each `||` copies the text so far), joined by
 * `||`, which, unlike `concat`, keeps a null: a required value missing makes the whole text null.
 * (`concat` also looks up every argument's output function on every row: 20 % slower here.)
 */
function textOf(parts: Part[]): RawBuilder<string> {
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return sql<string>`${sql.join(merged.map(sqlOf), sql` || `)}`;
}

function sqlOf(part: Part): RawBuilder<unknown> {
  return typeof part === 'string' ? sql.lit(part) : part;
}

/**
 * An answer whose JSON text is already written (rows from `wireJson` joined into their envelope).
 * The response serializer (plugins/response-serializer.ts) sends its text as it is; with response
 * checks on, it first checks the text against the route's contract like any other answer.
 */
export class WrittenJson {
  constructor(readonly text: string) {}
}

/**
 * `text` as the answer of a route whose contract gives `Answer`. Only the serializer reads it, so
 * the route's handler may return it where its contract's type is expected.
 */
export function writtenAnswer<Answer>(text: string): Answer {
  return new WrittenJson(text) as unknown as Answer;
}

/** A page of rows written by `wireJson` (`what` names a row for errors) in the list envelope. */
export function writtenPage<Answer>(
  rows: readonly { id: number; wire: string | null }[],
  paging: Paging,
  what: string,
): Answer {
  const data = rows.map((row) => requireWireJson(row.wire, `${what} ${row.id}`)).join(',');
  return writtenAnswer(`{"data":[${data}],"paging":${JSON.stringify(paging)}}`);
}
