import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/** A positive integer id from a header such as X-User-Id; undefined when absent; 400 naming it when bad. */
export function readIdHeader(request: FastifyRequest, name: string): number | undefined {
  const key = name.toLowerCase();
  const value = request.headers[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value)) return Number(value);
  const message = `${name} must be a positive whole number`;
  throw new AppError('validation_failed', message, { fields: [{ field: `headers.${key}`, message }] });
}
