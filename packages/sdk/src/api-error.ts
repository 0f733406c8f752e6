import { oauthErrorBodySchema, readableErrorBodySchema, retryAfterWaitMs } from '@waratah/contracts';

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
  /** When the server said to ask again (`Retry-After`), in milliseconds since the epoch. */
  retryAt?: number | undefined;
  cause?: unknown;
}

/** Every failed call rejects with this: an HTTP status (0 when the server was never reached) and a code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly type: string | undefined;
  readonly fields: { field: string; message: string }[];
  /**
   * When asking again may pass, on this machine's clock, if the answer said (`Retry-After` on a
   * 429 or 503): asking sooner is refused again.
   */
  readonly retryAt: number | undefined;

  constructor({ status, code, message, type, fields = [], retryAt, cause }: ApiErrorOptions) {
    super(message, { cause });
    this.status = status;
    this.code = code;
    this.type = type;
    this.fields = fields;
    this.retryAt = retryAt;
  }
}

/** The longest wait taken from `Retry-After`: a day; a longer or unreadable one is ignored. */
const longestRetryAfterMs = 24 * 60 * 60 * 1000;

/**
 * When `Retry-After` says to ask again (RFC 9110 §10.2.3: whole seconds, or an HTTP date), in
 * milliseconds since the epoch; undefined without the header or for a value that is not one.
 */
export function retryAtOf(header: string | null | undefined, now = Date.now()): number | undefined {
  const wait = retryAfterWaitMs(header, now);
  return wait === undefined || wait > longestRetryAfterMs ? undefined : now + wait;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Reads the platform's error envelope or an OAuth error body (spec §8: the server's
 * error_description first, else its error_message); anything else keeps the HTTP status text.
 * The envelope is read as the reference platform writes it too (`readableErrorBodySchema`): an
 * `error_message` alone, without `error_code` or `error_type` (a gateway, the real platform),
 * keeps its message, with the code `unknown_error`. Before 2026-12-03 such a body was read as no
 * envelope at all and its message was lost for the status text.
 */
export function apiErrorFromBody(
  status: number,
  body: unknown,
  statusText = '',
  retryAfter: string | null = null,
): ApiError {
  const retryAt = retryAtOf(retryAfter);
  const oauth = oauthErrorBodySchema.safeParse(body);
  if (oauth.success) {
    return new ApiError({
      status,
      code: oauth.data.error,
      message: oauth.data.error_description ?? oauth.data.error,
      retryAt,
    });
  }
  const envelope = readableErrorBodySchema.safeParse(body);
  if (envelope.success) {
    const { error_code, error_type, error_message, fields } = envelope.data.error;
    return new ApiError({
      status,
      code: error_code ?? clientErrorCodes.unknown,
      type: error_type,
      message: error_message,
      fields,
      retryAt,
    });
  }
  return new ApiError({
    status,
    code: clientErrorCodes.unknown,
    message: statusText || `Request failed with status ${status}`,
    retryAt,
  });
}

/** The error a failed answer makes: its status, its body's error and its `Retry-After`. */
export function apiErrorFromResponse(response: Response, body: unknown): ApiError {
  return apiErrorFromBody(response.status, body, response.statusText, response.headers.get('retry-after'));
}
