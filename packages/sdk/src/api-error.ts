import { errorBodySchema, oauthErrorBodySchema } from '@waratah/contracts';

/** Codes the SDK raises itself, when the server gave none. */
export const clientErrorCodes = {
  network: 'network_error',
  invalidResponse: 'invalid_response',
  unknown: 'unknown_error',
} as const;

export interface ApiErrorOptions {
  status: number;
  code: string;
  message: string;
  /** The envelope's error_type, when the server sent one. */
  type?: string;
  fields?: { field: string; message: string }[];
  cause?: unknown;
}

/** Every failed call rejects with this: an HTTP status (0 when the server was never reached) and a code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly type: string | undefined;
  readonly fields: { field: string; message: string }[];

  constructor({ status, code, message, type, fields = [], cause }: ApiErrorOptions) {
    super(message, { cause });
    this.status = status;
    this.code = code;
    this.type = type;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Reads the platform's error envelope or an OAuth error body (spec §8: the server's
 * error_description first, else its error_message); anything else keeps the HTTP status text.
 */
export function apiErrorFromBody(status: number, body: unknown, statusText = ''): ApiError {
  const oauth = oauthErrorBodySchema.safeParse(body);
  if (oauth.success) {
    return new ApiError({
      status,
      code: oauth.data.error,
      message: oauth.data.error_description ?? oauth.data.error,
    });
  }
  const envelope = errorBodySchema.safeParse(body);
  if (envelope.success) {
    const { error_code, error_type, error_message, fields } = envelope.data.error;
    return new ApiError({ status, code: error_code, type: error_type, message: error_message, fields });
  }
  return new ApiError({
    status,
    code: clientErrorCodes.unknown,
    message: statusText || `Request failed with status ${status}`,
  });
}
