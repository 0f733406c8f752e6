import { readFileSync } from 'node:fs';

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  'x-cds-type'?: string;
};

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components: { schemas: Record<string, Schema> };
}

const cdsTypes: Record<string, RegExp> = {
  AmountString: /^-?\d+\.\d{2,16}$/,
  DateString: /^\d{4}-\d{2}-\d{2}$/,
  DateTimeString: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  RateString: /^-?\d+(\.\d+)?$/,
  CurrencyString: /^[A-Z]{3}$/,
};

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * A small walker over the CDS OpenAPI documents: $ref, allOf/oneOf/anyOf, required, type, enum,
 * items and the x-cds-type string formats: enough to hold the holder's answers to the standard.
 */
export function loadCdsDocument(file: 'cds_banking.json' | 'cds_common.json') {
  const document = JSON.parse(
    readFileSync(new URL(`../../reference/cds/${file}`, import.meta.url), 'utf8'),
  ) as OpenApiDocument;
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  };
  const validate = (given: Schema, value: unknown, path: string): string[] => {
    const schema = resolve(given);
    const errors: string[] = [];
    for (const part of schema.allOf ?? []) errors.push(...validate(part, value, path));
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives && !alternatives.some((part) => validate(part, value, path).length === 0)) {
      errors.push(`${path}: matches none of the alternatives`);
    }
    const actual = typeOf(value);
    if (schema.type && !(schema.type === actual || (schema.type === 'number' && actual === 'integer'))) {
      return [...errors, `${path}: expected ${schema.type}, got ${actual}`];
    }
    if (schema.enum && !schema.enum.includes(value))
      errors.push(`${path}: ${String(value)} is not one of ${schema.enum.join(', ')}`);
    const format = schema['x-cds-type'] ? cdsTypes[schema['x-cds-type']] : undefined;
    if (format && typeof value === 'string' && !format.test(value))
      errors.push(`${path}: '${value}' is not a ${schema['x-cds-type']}`);
    if (actual === 'object') {
      const record = value as Record<string, unknown>;
      for (const name of schema.required ?? [])
        if (!(name in record)) errors.push(`${path}.${name}: required`);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (record[name] !== undefined) errors.push(...validate(property, record[name], `${path}.${name}`));
      }
    }
    if (actual === 'array' && schema.items) {
      (value as unknown[]).forEach((item, index) => {
        errors.push(...validate(schema.items as Schema, item, `${path}[${index}]`));
      });
    }
    return errors;
  };
  return {
    /** The problems of a body against the document's schema for this path, method and status. */
    check(path: string, method: string, status: string, body: unknown): string[] {
      const schema = document.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
      if (!schema) throw new Error(`no ${status} schema for ${method.toUpperCase()} ${path}`);
      return validate(schema, body, '$');
    },
    /** The problems of a value against a named component schema. */
    checkSchema(name: string, value: unknown): string[] {
      return validate({ $ref: `#/components/schemas/${name}` }, value, name);
    },
  };
}
