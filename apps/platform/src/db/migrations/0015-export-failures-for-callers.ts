import { type Kysely, sql } from 'kysely';

// Since session 35 a failed export keeps, for its caller, only a reason written for them
// (`documents/export-failure.ts`): the failure's own text can name a bucket, an object key, a
// path or a database error, and stays in the job queue's record and the log. Exports that failed
// before then still held that raw text in `document_exports.error`, which the API answers; this
// rewrites them to the same fixed message. The texts written for a caller are spelt out here, as
// they were when this migration was written (a migration does not change with the code): the fixed
// message, the statement whose account is gone, and the job queue's word for an attempt that
// stopped with its worker. Only failed exports: a queued one is written again when it runs.
const fixedMessage = 'The document could not be generated; please try again';
const writtenForCallers = [fixedMessage, 'The account of this statement no longer exists'];
const stoppedWithItsWorker = 'Attempt % stopped with its worker (the process ended before it finished)%';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update document_exports set error = ${fixedMessage}
    where status = 'failed' and error is not null
      and error not in (${sql.join(writtenForCallers)}) and error not like ${stoppedWithItsWorker}`.execute(
    db,
  );
}
