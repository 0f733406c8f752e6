import type { CdsErrorEntry } from './cds-schemas.ts';

export type CdsFailureKind = 'http' | 'timeout' | 'network' | 'invalid_response';

/** A failed call to a data holder, with what the holder said (CDS error entries) when it said anything. */
export class CdsRequestError extends Error {
  readonly kind: CdsFailureKind;
  readonly status: number | undefined;
  readonly errors: CdsErrorEntry[];
  readonly interactionId: string;
  /**
   * A consent the holder may have given all the same, in an answer the platform cannot keep: the
   * caller ends it (`revokeUnrecordedHolderConsent`, which queues the end when the holder does not answer).
   */
  readonly unrecordedConsentId: string | undefined;
  /** How long the holder asked to be left alone (`Retry-After` of a 429 or 503), in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(options: {
    kind: CdsFailureKind;
    message: string;
    interactionId: string;
    status?: number;
    errors?: CdsErrorEntry[];
    cause?: unknown;
    unrecordedConsentId?: string;
    retryAfterMs?: number | undefined;
  }) {
    super(options.message, { cause: options.cause });
    this.name = 'CdsRequestError';
    this.kind = options.kind;
    this.status = options.status;
    this.errors = options.errors ?? [];
    this.interactionId = options.interactionId;
    this.unrecordedConsentId = options.unrecordedConsentId;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** The holder's codes, and the CDS codes behind holder-specific ones (`meta.urn`). */
  codes(): string[] {
    return this.errors.flatMap((error) => (error.meta?.urn ? [error.code, error.meta.urn] : [error.code]));
  }
}
