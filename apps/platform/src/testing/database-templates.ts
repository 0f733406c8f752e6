import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/database-schema.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openPostgresDatabase } from '../db/open-postgres-database.ts';
import { createPgliteDialect } from '../db/pglite-dialect.ts';
import { pgliteExtensions } from '../db/pglite-extensions.mjs';
import { inThisThread } from '../db/pglite-session.ts';
import { pgliteTypeHandlers } from '../db/pglite-type-handlers.mjs';
import type { PlatformDatabase } from '../db/platform-database.ts';

/*
 * Test databases are copies of one migrated template instead of being built from nothing each
 * time. A fresh in-memory PGlite runs initdb (a second WebAssembly instance) and then every
 * migration; loading a data directory dumped once skips both. On PostgreSQL the template is a
 * database of its own that `create database … template` copies.
 *
 * Both templates are named by a fingerprint of the migrations (and of the PGlite build and its
 * extensions), so a changed, added or removed migration builds a new template and a stale one is
 * never used. Building is safe with several vitest workers at once: PGlite templates are written
 * under a unique name and renamed into place (the last writer wins, with the same bytes); the
 * PostgreSQL template is built under an advisory lock and renamed into place when complete.
 */

const dbFolder = fileURLToPath(new URL('../db/', import.meta.url));
const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

let fingerprintOnce: Promise<string> | undefined;

/** A short hash of everything that decides what a migrated database holds. */
export function migrationsFingerprint(): Promise<string> {
  fingerprintOnce ??= (async () => {
    const hash = createHash('sha256');
    const migrations = (await readdir(join(dbFolder, 'migrations')))
      .filter((name) => name.endsWith('.ts'))
      .sort();
    for (const file of [
      'migrate.ts',
      'open-pglite-database.ts',
      'pglite-extensions.mjs',
      ...migrations.map((name) => `migrations/${name}`),
    ]) {
      hash.update(`${file}\0`);
      hash.update(await readFile(join(dbFolder, file)));
      hash.update('\0');
    }
    hash.update(await readFile(join(pgliteDist, '..', 'package.json')));
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprintOnce;
}

// ---------------------------------------------------------------------------------------------
// PGlite

const templateFolder = join(tmpdir(), 'waratah-test-templates');

interface EngineAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let assetsOnce: Promise<EngineAssets> | undefined;

// The platform's TypeScript libraries declare WebAssembly's types but not the global object itself.
const webAssembly = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly;

/** PGlite's WebAssembly compiled and its file bundle read once per module graph (a test file, or a whole run where files share modules), not per instance. */
function engineAssets(): Promise<EngineAssets> {
  assetsOnce ??= (async () => {
    const [pgliteWasm, initdbWasm, bundle] = await Promise.all([
      readFile(join(pgliteDist, 'pglite.wasm')),
      readFile(join(pgliteDist, 'initdb.wasm')),
      readFile(join(pgliteDist, 'pglite.data')),
    ]);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      webAssembly.compile(pgliteWasm),
      webAssembly.compile(initdbWasm),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  })();
  return assetsOnce;
}

async function createPglite(options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({
    ...(await engineAssets()),
    extensions: pgliteExtensions,
    ...pgliteTypeHandlers,
    ...options,
  });
}

let pgliteTemplateOnce: Promise<Blob> | undefined;

/** The migrated, empty PGlite data directory as a tarball: read from disk, or built and saved once. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateOnce ??= (async () => {
    const file = join(templateFolder, `pglite-${await migrationsFingerprint()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // not built yet (or removed meanwhile): build it below
    }
    const client = await createPglite();
    let tarball: Blob;
    try {
      await migrateToLatest(new Kysely<Database>({ dialect: createPgliteDialect(inThisThread(client)) }));
      tarball = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    await mkdir(templateFolder, { recursive: true });
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, file);
    await removeOtherTemplates(file);
    return tarball;
  })();
  // A failed build is not remembered: the next test database tries again.
  pgliteTemplateOnce.catch(() => {
    pgliteTemplateOnce = undefined;
  });
  return pgliteTemplateOnce;
}

/** Templates of earlier migration lists are never read again; they are 40 MB each. */
async function removeOtherTemplates(current: string): Promise<void> {
  const names = await readdir(templateFolder).catch(() => [] as string[]);
  await Promise.all(
    names
      .map((name) => join(templateFolder, name))
      .filter((path) => path !== current && path.endsWith('.tar'))
      .map((path) => rm(path, { force: true }).catch(() => {})),
  );
}

/** An in-memory PGlite loaded from the migrated template. */
export async function openPgliteFromTemplate(): Promise<PlatformDatabase> {
  const client = await createPglite({ loadDataDir: await pgliteTemplate() });
  const db = new Kysely<Database>({ dialect: createPgliteDialect(inThisThread(client)) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const templatePrefix = 'waratah_template_';
const templateLock = 0x77617261; // "wara": one advisory lock for building templates on a server

/** A database of its own on `serverUrl`'s server, copied from the migrated template and dropped on close. */
export async function openPostgresFromTemplate(serverUrl: string): Promise<PlatformDatabase> {
  const template = await postgresTemplate(serverUrl);
  // Generated, never from input, so they are safe to splice into DDL (identifiers cannot be bound).
  const name = `waratah_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const database = openPostgresDatabase(databaseUrl(serverUrl, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

const postgresTemplates = new Map<string, Promise<string>>();

function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = buildPostgresTemplate(serverUrl);
    postgresTemplates.set(serverUrl, template);
    template.catch(() => postgresTemplates.delete(serverUrl));
  }
  return template;
}

/**
 * Makes sure `waratah_template_<fingerprint>` exists on the server. Under a session advisory lock,
 * so concurrent workers build it once; built under a scratch name and renamed only when migrated,
 * so a crash halfway never leaves a template that looks complete.
 */
async function buildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `${templatePrefix}${await migrationsFingerprint()}`;
  await withAdmin(serverUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [templateLock]);
    try {
      const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (existing.rowCount) return;
      const scratch = `${templatePrefix}build_${randomBytes(6).toString('hex')}`;
      await admin.query(`create database ${scratch}`);
      try {
        const database = openPostgresDatabase(databaseUrl(serverUrl, scratch));
        try {
          await migrateToLatest(database.db);
        } finally {
          await database.close();
        }
        await admin.query(`alter database ${scratch} rename to ${name}`);
      } catch (error) {
        await admin.query(`drop database if exists ${scratch} with (force)`);
        throw error;
      }
      // Templates of earlier migration lists (and builds that crashed) are of no further use.
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'waratah\\_template\\_%' and datname <> $1",
        [name],
      );
      for (const { datname } of stale.rows) {
        await admin.query(`drop database if exists "${datname.replaceAll('"', '""')}"`).catch(() => {});
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [templateLock]);
    }
  });
  return name;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
