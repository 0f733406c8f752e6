import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartupError } from '../errors/startup-error.ts';
import { createDatabase, maskPassword } from './create-database.ts';
import { migrateToLatest } from './migrate.ts';

describe('createDatabase', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'waratah-db-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it.skipIf(process.env.DATABASE_URL)('keeps PGlite data in DATA_DIR across a restart', async () => {
    const dataDir = join(scratch, 'data');
    const first = await createDatabase({ dataDir, databaseUrl: undefined });
    expect(first.engine).toBe('pglite');
    await migrateToLatest(first.db);
    await first.db.insertInto('tenants').values({ id: 'waratah', name: 'Kept' }).execute();
    await first.close();

    const reopened = await createDatabase({ dataDir, databaseUrl: undefined });
    const row = await reopened.db.selectFrom('tenants').select('name').executeTakeFirst();
    await reopened.close();
    expect(row).toEqual({ name: 'Kept' });
  });

  it.runIf(process.env.DATABASE_URL)('connects to the PostgreSQL server DATABASE_URL names', async () => {
    const database = await createDatabase({ dataDir: scratch, databaseUrl: process.env.DATABASE_URL });
    await database.close();
    expect(database.engine).toBe('postgres');
  });

  it('names DATABASE_URL, masking the password, when the server cannot be reached', async () => {
    const attempt = createDatabase({
      dataDir: scratch,
      databaseUrl: 'postgres://nobody:hunter2@127.0.0.1:1/x',
    });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(
      'DATABASE_URL: could not connect to postgres://nobody:***@127.0.0.1:1/x (ECONNREFUSED)',
    );
  });

  it('names DATA_DIR when it cannot be written', async () => {
    const file = join(scratch, 'a-file');
    await writeFile(file, '');
    const attempt = createDatabase({ dataDir: join(file, 'data'), databaseUrl: undefined });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(/^DATA_DIR: cannot write to .*a-file[\\/]data \(ENOTDIR\)$/);
  });
});

describe('maskPassword', () => {
  it('hides a password and leaves a URL without one as it is', () => {
    expect(maskPassword('postgresql://app:s3cret@db:5432/waratah')).toBe(
      'postgresql://app:***@db:5432/waratah',
    );
    expect(maskPassword('postgres://app@db/waratah')).toBe('postgres://app@db/waratah');
  });
});
