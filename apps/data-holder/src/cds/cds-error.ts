import { type CdsErrorKind, cdsErrorCatalogue } from './cds-error-catalogue.ts';

export interface CdsErrorBody {
  errors: { code: string; title: string; detail: string; meta?: { urn: string } }[];
}

/** Thrown by handlers and hooks; the holder's error handler turns it into the CDS error body. */
export class CdsError extends Error {
  readonly kind: CdsErrorKind;
  readonly statusCode: number;

  constructor(kind: CdsErrorKind, detail: string) {
    super(detail);
    this.name = 'CdsError';
    this.kind = kind;
    this.statusCode = cdsErrorCatalogue[kind].status;
  }

  toBody(): CdsErrorBody {
    const entry: { status: number; code: string; title: string; urn?: string } = cdsErrorCatalogue[this.kind];
    const error = { code: entry.code, title: entry.title, detail: this.message };
    return { errors: [entry.urn ? { ...error, meta: { urn: entry.urn } } : error] };
  }
}
