import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-schema.ts';
import { withExports } from '../documents/document-exports.ts';
import { withJobs } from '../jobs/jobs-schema.ts';
import { faultPoints } from './fault-point.ts';
import { call, createFaultData, type ServerProcess } from './testing/fault-server.ts';

/**
 * The fault suite's document jobs on disk storage (docs/reliability.md): the real server killed
 * with `kill -9` after a job stored its file and before it recorded the export as completed, once
 * (the job resumes after the restart) and on each of its attempts (the queue gives it up: the
 * export fails with the reason, and the file no row names is removed).
 */
describe('kill -9 between a document’s file and its record (DOCUMENT_STORE=disk)', () => {
  let data: Awaited<ReturnType<typeof createFaultData>>;
  let server: ServerProcess | undefined;
  let firstExport: string;
  const disk = () => ({ DOCUMENT_STORE: 'disk', DOCUMENT_DIR: join(data.dataDir, 'documents') });
  const files = () => readdir(join(data.dataDir, 'documents', 'moneypartner')).catch(() => [] as string[]);

  const inspect = <T>(read: (db: Kysely<Database>) => Promise<T>) => data.inspect(read);

  const stateOf = (exportId: string) =>
    inspect(async (db) => ({
      export: await withExports(db)
        .selectFrom('document_exports')
        .select(['status', 'storage'])
        .where('id', '=', exportId)
        .executeTakeFirstOrThrow(),
      job: await withJobs(db)
        .selectFrom('jobs')
        .select(['state', 'attempt'])
        .where('name', '=', 'documents.generate')
        .where('singleton_key', '=', exportId)
        .executeTakeFirstOrThrow(),
    }));

  /** Starts the server on disk storage, paused at `point` when given; answers the adviser's headers. */
  async function start(point?: string) {
    server = await data.start(point, disk());
    return data.signIn();
  }

  async function requestSummary(headers: Record<string, string>): Promise<string> {
    const requested = await call(data.port, 'POST', '/api/v2/accounts/summary', { headers, body: {} });
    expect(requested.status, requested.body).toBe(202);
    return requested.json<{ data: { id: string } }>().data.id;
  }

  async function settled(headers: Record<string, string>, exportId: string) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const answer = await call(data.port, 'GET', `/api/v2/documents/${exportId}`, { headers });
      const found = answer.json<{ data: { status: string; error: string | null } }>().data;
      if (found.status === 'completed' || found.status === 'failed') return found;
      if (Date.now() > deadline) throw new Error(`The export did not settle:\n${server?.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Kills the server once it holds a stored file it has not recorded. */
  async function killAtStored() {
    await server?.reached(faultPoints.documentsStored);
    await server?.kill();
    server = undefined;
  }

  beforeAll(async () => {
    data = await createFaultData();
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    await data?.remove();
  });

  it('resumes after the restart and records the file it stores again', async () => {
    firstExport = await requestSummary(await start(faultPoints.documentsStored));
    await killAtStored();
    expect(await files()).toEqual([`${firstExport}.pdf`]);
    expect(await stateOf(firstExport)).toEqual({
      export: { status: 'running', storage: null },
      job: { state: 'active', attempt: 1 },
    });

    const headers = await start();
    expect(await settled(headers, firstExport)).toMatchObject({ status: 'completed', error: null });
    const file = await call(data.port, 'GET', `/api/v2/documents/${firstExport}/file`, { headers });
    expect(file.status).toBe(200);
    expect(file.body.startsWith('%PDF-')).toBe(true);
    await server?.stop();
    server = undefined;
    expect(await files()).toEqual([`${firstExport}.pdf`]);
    const recorded = await inspect((db) =>
      withExports(db)
        .selectFrom('document_exports')
        .select(['storage', 'storage_key', 'sha256'])
        .where('id', '=', firstExport)
        .executeTakeFirstOrThrow(),
    );
    expect(recorded).toEqual({
      storage: 'disk',
      storage_key: join('moneypartner', `${firstExport}.pdf`),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  }, 240_000);

  it('killed on its last attempt too: the export fails with the reason, and its file is removed', async () => {
    const exportId = await requestSummary(await start(faultPoints.documentsStored));
    await killAtStored();
    // The restarted server takes the job up again one lease later, and is killed at the same point.
    await start(faultPoints.documentsStored);
    await killAtStored();
    expect(await stateOf(exportId)).toEqual({
      export: { status: 'running', storage: null },
      job: { state: 'active', attempt: 2 },
    });
    expect((await files()).sort()).toEqual([`${exportId}.pdf`, `${firstExport}.pdf`].sort());

    const headers = await start();
    const failed = await settled(headers, exportId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Attempt 2 stopped with its worker \(.+\); no attempts left$/);
    await server?.stop();
    server = undefined;
    expect(await files()).toEqual([`${firstExport}.pdf`]);
    expect((await stateOf(exportId)).job).toEqual({ state: 'failed', attempt: 2 });
  }, 240_000);
});
