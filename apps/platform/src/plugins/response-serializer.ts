import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as checkingCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WrittenJson } from '../db/wire-json.ts';

type Write = (data: unknown) => string;

export interface ResponseSerializerOptions {
  /**
   * Also check every answer against its zod contract (a breach answers 500), and that the compiled
   * writer wrote exactly what `JSON.stringify` of the checked answer would. On in development and
   * tests, off in production (RESPONSE_CHECKS, docs/api.md).
   */
  check: boolean;
  /** How a contract becomes a writer (tests give a wrong one, to see the check catch it). */
  compile?: (schema: z.core.$ZodType) => Write | null;
}

/**
 * Fastify's serializer compiler for the zod response contracts. Each contract is turned once into
 * its JSON Schema (as the OpenAPI document shows it) and compiled with fast-json-stringify into a
 * function that writes exactly the contract's fields in their order, so extra fields a query
 * returns never leave the server. A page of 100 transactions is written in about a fifth of the
 * time the zod check and `JSON.stringify` took (docs/benchmarks-history.md, "Answers written, read and collected").
 *
 * A contract JSON Schema cannot express (a date object, a custom type) keeps the zod check and
 * `JSON.stringify`. With `check`, every answer is also checked against its contract and the two
 * writings compared, so the whole test suite proves the compiled writers equal to the contracts.
 * An answer already written by the database (`WrittenJson`, db/wire-json.ts) is sent as it is;
 * with `check`, its text must equal what the contract writes of it.
 */
export function createResponseSerializerCompiler({
  check,
  compile = compileWriter,
}: ResponseSerializerOptions): FastifySerializerCompiler<unknown> {
  const writers = new WeakMap<z.core.$ZodType, Write | null>();
  const writerOf = (schema: z.core.$ZodType): Write | null => {
    let write = writers.get(schema);
    if (write === undefined) {
      write = compile(schema);
      writers.set(schema, write);
    }
    return write;
  };

  // Compiled on a route's first answer, not when Fastify asks at start: the routes' writers took
  // about 100 ms of a 3 s restart (docs/benchmarks.md, "Cold start and memory"), and a route never
  // answered never needs one. Each contract is still compiled once, whichever route asks first.
  return (route) => {
    let serialize: Write | undefined;
    return (data) => {
      serialize ??= serializerOf(route);
      return serialize(data);
    };
  };

  function serializerOf(route: Parameters<FastifySerializerCompiler<unknown>>[0]): Write {
    const checked = checkingCompiler(route as Parameters<typeof checkingCompiler>[0]) as Write;
    const schema = contractOf(route.schema);
    const write = schema ? writerOf(schema) : null;
    if (!check) return withWritten(write ?? checked);
    return (data) => {
      if (data instanceof WrittenJson) return checkWritten(route, data.text, checked);
      const expected = checked(data);
      if (!write) return expected;
      let written: string;
      try {
        written = write(data);
      } catch (error) {
        throw new Error(
          `${route.method} ${route.url}: the compiled writer failed on an answer its contract takes`,
          {
            cause: error,
          },
        );
      }
      if (written !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the compiled writer wrote ${written.slice(0, 300)} where the contract gives ${expected.slice(0, 300)}`,
        );
      }
      return written;
    };
  }
}

/** The writer, sending an answer already written (`WrittenJson`) as it is. */
function withWritten(write: Write): Write {
  return (data) => (data instanceof WrittenJson ? data.text : write(data));
}

/** A written answer is checked as any other: parsed, checked against its contract, written again. */
function checkWritten(route: { method: string; url: string }, text: string, checked: Write): string {
  let expected: string;
  try {
    expected = checked(JSON.parse(text));
  } catch (error) {
    throw new Error(
      `${route.method} ${route.url}: the written answer is not its contract's: ${text.slice(0, 300)}`,
      {
        cause: error,
      },
    );
  }
  if (text !== expected) {
    throw new Error(
      `${route.method} ${route.url}: the answer written ${text.slice(0, 300)} where the contract gives ${expected.slice(0, 300)}`,
    );
  }
  return text;
}

/** The zod schema of a response (a schema, or `{ properties: schema }` as the type provider allows). */
function contractOf(schema: unknown): z.core.$ZodType | null {
  if (schema instanceof z.core.$ZodType) return schema;
  if (
    typeof schema === 'object' &&
    schema !== null &&
    'properties' in schema &&
    schema.properties instanceof z.core.$ZodType
  )
    return schema.properties;
  return null;
}

/** The contract compiled to a writer, or `null` when JSON Schema cannot express it. */
export function compileWriter(schema: z.core.$ZodType): Write | null {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  return fastJson(withoutClosedObjects(jsonSchema) as Parameters<typeof fastJson>[0]) as Write;
}

/**
 * The schema without `additionalProperties: false`. The writer writes only the declared fields
 * either way; but to choose a branch of a union it validates the value, and a closed object would
 * refuse a row with a field more, where zod takes the branch and strips the field.
 */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}
