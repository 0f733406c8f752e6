/**
 * What the caller reads when an export fails (`DocumentExport.error`, the 409 of its file): never
 * the failure's own text, which can name a bucket, an object key, a path or a database error.
 * That detail goes to the job queue's record of the job and to the log.
 */
export const exportFailedMessage = 'The document could not be generated; please try again';

/**
 * A failure whose message is written for the caller (e.g. the statement's account is gone); `final`
 * when another attempt would meet it again, so the export is failed without a retry.
 */
export class ExportFailure extends Error {
  override name = 'ExportFailure';
  readonly final: boolean;

  constructor(message: string, { final = false }: { final?: boolean } = {}) {
    super(message);
    this.final = final;
  }
}

/** The reason an export failed, as its caller may read it. */
export function callerReason(error: unknown): string {
  return error instanceof ExportFailure ? error.message : exportFailedMessage;
}
