import type { OAuthErrorCode } from '@waratah/contracts';

/** An RFC 6749 §5.2 error: the token endpoints answer `{error, error_description}`, not the F-code envelope. */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly statusCode: number;

  constructor(
    error: OAuthErrorCode,
    description: string,
    statusCode = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.statusCode = statusCode;
  }
}
