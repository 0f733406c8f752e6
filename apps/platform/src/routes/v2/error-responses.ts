import { errorBodySchema } from '@waratah/contracts';

/** The error answers every data route may give (docs/errors.md), for the OpenAPI document. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
} as const;
