import type { FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * Every route's request parts (params, query, headers, body) checked against their zod contracts,
 * and then for the NUL character in any string: PostgreSQL's text and JSON cannot hold it, so a
 * NUL that reached a statement failed it (a 500). It is the caller's error, named by its field.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<FastifySchema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const result = validate(data) as { value?: unknown; error?: FastifySchemaValidationError[] };
    if (result.error) return result;
    const path = nulPath(result.value, []);
    if (path === undefined) return result;
    return {
      error: [
        {
          keyword: 'nul_character',
          instancePath: `/${path.join('/')}`,
          schemaPath: '#',
          message: 'must not contain the NUL character',
          params: {},
        },
      ],
    };
  };
};

/** The path of the first string holding U+0000 within `value`, or undefined. */
export function nulPath(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}
