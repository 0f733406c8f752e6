import { errorBodySchema } from '@waratah/contracts';

/**
 * The error answers every data route may give (docs/errors.md), for the OpenAPI document: 400 a
 * request its contract refuses, 401 no valid credentials, 403 a feature off (F0201) or a token for
 * the consents alone (F0203), 404 nothing there for this caller, 503 the platform starting or its
 * database away (F9990) or a change's outcome unknown (F9991). Before 2026-12-03 only 400, 401 and
 * 404 were documented.
 */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  503: errorBodySchema,
} as const;

/** 409 F0400 for the routes that answer it: a goal past the client's limit, a consent already ended. */
export const conflictResponse = { 409: errorBodySchema } as const;
