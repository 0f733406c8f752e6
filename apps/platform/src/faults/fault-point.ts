/**
 * Fault points: named places in long work (a bulk recategorisation, a document job, a refresh)
 * where the fault suite (`kill-and-restart.test.ts`, docs/reliability.md) stops the process to
 * `kill -9` it at exactly that moment, with no sleeps. Inert unless armed, and armed only from
 * FAULT_PAUSE_AT under NODE_ENV=test (`loadConfig` drops it otherwise).
 */
export const faultPoints = {
  /** Inside the bulk update's database transaction, after the UPDATE, before the commit. */
  transactionsBulkUpdate: 'transactions.bulk-update',
  /** A document job that marked its export running, before the file is generated and stored. */
  documentsGenerate: 'documents.generate',
  /** A document job that stored its file (DOCUMENT_STORE=disk or s3), before its export is marked completed. */
  documentsStored: 'documents.stored',
  /** Inside a refresh's storing transaction, after the accounts and transactions are written. */
  openBankingStorePull: 'open-banking.store-pull',
} as const;

export type FaultPoint = (typeof faultPoints)[keyof typeof faultPoints];

/** What the process prints when it stops at a fault point; the suite waits for this line. */
export const faultPointReached = (point: string) => `fault point reached: ${point}`;

let armed: string | undefined;

/** Arms the fault point named by the configuration (or disarms, given undefined); called by buildApp. */
export function armFaultPoint(point: string | undefined): void {
  armed = point;
}

/**
 * At the armed point: prints `fault point reached: <name>` and never returns, holding whatever
 * the caller holds (an open database transaction, a claimed job) until the process is killed.
 * Anywhere else, or unarmed: returns at once.
 */
export async function faultPoint(point: FaultPoint): Promise<void> {
  if (armed !== point) return;
  process.stdout.write(`${faultPointReached(point)}\n`);
  await new Promise<never>(() => {});
}
