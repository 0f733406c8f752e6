import type { FastifyInstance } from 'fastify';

/** A JSON Schema as the OpenAPI document writes it (generated from the zod contracts). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  not?: JsonSchema;
}

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** One method of one path of the OpenAPI document. */
export interface Operation {
  method: string;
  /** As the document writes it, e.g. `/api/v2/accounts/{id}`. */
  path: string;
  /** `GET /api/v2/accounts/{id}`: the key of the rule tables. */
  key: string;
  parameters: OperationParameter[];
  /** The content types of the request body, with their schemas. */
  body?: { contentType: string; schema: JsonSchema };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OperationParameter[]; requestBody?: unknown }>>;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** Every operation the server's own OpenAPI document lists (GET /api/docs/json). */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
  const document = response.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const upper = method.toUpperCase();
      const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> })
        ?.content;
      const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        parameters: operation.parameters ?? [],
        ...(contentType && media ? { body: { contentType, schema: media.schema } } : {}),
      });
    }
  }
  return operations;
}

/**
 * A schema no value satisfies (`{"not": {}}`): an optional parameter the contract names only to
 * refuse it (the reference's filters the platform cannot answer, `transactions.ts`).
 */
export function acceptsNothing(schema: JsonSchema | undefined): boolean {
  return schema?.not !== undefined && Object.keys(schema.not).length === 0;
}

/** The smallest value that a schema accepts, as far as the schema says (for rule and fuzz seeds). */
export function sampleValue(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) {
    const nonNull = choice.find((option) => option.type !== 'null') ?? choice[0];
    return sampleValue(nonNull, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  // A string with several patterns carries the others as untyped `allOf` parts (sampleString reads them).
  if (schema.allOf?.length && type !== 'string') {
    return Object.assign({}, ...schema.allOf.map((part) => sampleValue(part, depth + 1) as object));
  }
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        result[name] = sampleValue(schema.properties?.[name], depth + 1);
      }
      return result;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items, depth + 1));
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    case 'null':
      return null;
    default:
      return schema.properties ? sampleValue({ ...schema, type: 'object' }, depth) : null;
  }
}

function sampleNumber(schema: JsonSchema): number {
  if (schema.minimum !== undefined) return Math.max(schema.minimum, Math.min(1, schema.maximum ?? 1));
  if (schema.exclusiveMinimum !== undefined) return Math.floor(schema.exclusiveMinimum) + 1;
  return Math.min(1, schema.maximum ?? 1);
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'email':
      return 'sample@example.test';
    case 'date':
      return '2026-01-01';
    case 'date-time':
      return '2026-01-01T00:00:00.000Z';
    case 'uri':
      return 'https://example.test/';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    default:
      break;
  }
  const fallback = 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)]
    .filter((pattern) => pattern !== undefined)
    .map((pattern) => new RegExp(pattern, 'u'));
  const fits = (value: string) =>
    patterns.every((pattern) => pattern.test(value)) &&
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  return [fallback, ...patternSamples].find(fits) ?? fallback;
}

/**
 * Values tried, in turn, against a string's patterns and lengths: the first that fits is its
 * sample. The matrix test validates every sample against its own schema, so a contract none of
 * these fits is named there.
 */
const patternSamples = [
  '1',
  '1,2',
  '0.00',
  '2026-01-01',
  '2000',
  '123456',
  '12345678',
  '0400 000 000',
  'sample',
  'Sample',
  'Sample-1a',
  'Sample-Password-2026',
];

/** The path with its `{name}` parameters filled in (unknown names keep a harmless placeholder). */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodePathValue(String(values[name.replace(/^\*$/, 'wildcard')] ?? values.default ?? '1')),
  );
}

const loneSurrogate = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;

// A lone surrogate cannot be encoded as UTF-8: it is sent as the (invalid) bytes a careless client would send.
function encodePathValue(value: string): string {
  return value
    .split(loneSurrogate)
    .map((part, index) => (index % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}
