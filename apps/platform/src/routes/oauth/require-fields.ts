import { OAuthError } from './oauth-error.ts';

/** The fields a grant cannot do without; a missing one is `invalid_request` naming it. */
export function requireFields<T extends Record<string, unknown>, K extends keyof T & string>(
  body: T,
  fields: readonly K[],
): { [P in K]: string } {
  const missing = fields.filter((field) => typeof body[field] !== 'string' || body[field] === '');
  if (missing.length > 0) {
    throw new OAuthError('invalid_request', `Missing required parameter: ${missing.join(', ')}`);
  }
  return Object.fromEntries(fields.map((field) => [field, body[field]])) as unknown as { [P in K]: string };
}
