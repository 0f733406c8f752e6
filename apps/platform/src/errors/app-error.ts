/**
 * The error catalogue of the platform API (docs/errors.md). Codes keep the reference platform's
 * `F` numbering where a code exists there (F0001 invalid value, F0200 unauthorised, F0300 not
 * found, F0400 already exists, F9999 internal); the rest sit in gaps it leaves unused, so a
 * client written against the reference never misreads one of ours. Specifics go in the message.
 */
export const errorCatalogue = {
  validation_failed: { code: 'F0001', status: 400 },
  malformed_request: { code: 'F0020', status: 400 },
  bad_header: { code: 'F0021', status: 400 },
  unsupported_api_version: { code: 'F0022', status: 400 },
  payload_too_large: { code: 'F0023', status: 413 },
  unsupported_media_type: { code: 'F0024', status: 415 },
  request_timeout: { code: 'F0025', status: 408 },
  headers_too_large: { code: 'F0026', status: 431 },
  invalid_access_token: { code: 'F0101', status: 401 },
  unauthorised: { code: 'F0200', status: 401 },
  forbidden: { code: 'F0201', status: 403 },
  xsrf_token_mismatch: { code: 'F0202', status: 403 },
  insufficient_scope: { code: 'F0203', status: 403 },
  feature_off: { code: 'F0204', status: 403 },
  not_found: { code: 'F0300', status: 404 },
  already_exists: { code: 'F0400', status: 409 },
  rate_limited: { code: 'F0006', status: 429 },
  unavailable: { code: 'F9990', status: 503 },
  outcome_unknown: { code: 'F9991', status: 503 },
  internal_error: { code: 'F9999', status: 500 },
} as const satisfies Record<string, { code: `F${number}`; status: number }>;

export type ErrorType = keyof typeof errorCatalogue;

export interface FieldError {
  /** Dotted path of the offending input, prefixed by where it came from: `body.name`, `headers.x-user-id`. */
  field: string;
  message: string;
}

/** The one error type handlers throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly fields: FieldError[] | undefined;

  constructor(type: ErrorType, message: string, options?: { fields?: FieldError[]; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.type = type;
    this.fields = options?.fields;
  }

  get code(): string {
    return errorCatalogue[this.type].code;
  }

  get statusCode(): number {
    return errorCatalogue[this.type].status;
  }
}
