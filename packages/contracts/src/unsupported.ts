import * as z from 'zod/mini';

/**
 * A field of the reference (platform-api-models.md) that the platform cannot honour, named in a
 * contract only to be refused: 400 F0001 naming it, `is not supported: <reason>`, rather than
 * dropped, which would answer as if it had been met (docs/errors.md, "Unknown fields are
 * ignored"). The OpenAPI document shows it as a schema no value satisfies (`not: {}`).
 */
export function unsupportedField(reason: string) {
  return z.optional(z.never({ error: `is not supported: ${reason}` }));
}

/**
 * A field of the reference of which the platform honours one value only, the one it does anyway
 * (a report's only grouping, the passport's only file type): that value, or the field left out,
 * is accepted; any other is refused by name as `unsupportedField` refuses. The OpenAPI document
 * shows the one value (a one-value `enum`).
 */
export function onlyValue<const Value extends string | boolean>(value: Value, reason: string) {
  return z.optional(z.literal(value, { error: `is not supported: ${reason}` }));
}
