import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/front-end-builds.mjs';
import { createE2eDatabase, dropE2eDatabase } from './test-database.ts';

/*
 * Every private server (server-process.ts) starts from the same data: the demo data and the e2e
 * operators. Seeding that takes a separate process, every migration, the demo data of three
 * tenants and the operators' password hashes; copying a seeded PGlite data dir (or cloning a
 * seeded PostgreSQL database) takes a fraction of it. So the first private server of a run seeds
 * one template and every private server starts from a copy. Playwright's workers are separate
 * processes: the template is built under a lock directory in the run's folder (global-setup.ts)
 * and announced by a file written only when it is complete.
 */

interface Template {
  /** The seeded PGlite data dir, when the run uses PGlite. */
  dataDir?: string;
  /** The seeded PostgreSQL database, when DATABASE_URL is set. */
  database?: string;
}

const waitLimitMs = 240_000;

function runFolder(): string {
  const folder = process.env.WARATAH_E2E_RUN_DIR;
  if (!folder)
    throw new Error('WARATAH_E2E_RUN_DIR is not set: run the browser tests through playwright.config.ts');
  return folder;
}

/** The run's template, seeding it first when no other worker has. */
export async function privateServerTemplate(): Promise<Template> {
  const folder = runFolder();
  const announced = join(folder, 'template.json');
  const lock = join(folder, 'template.lock');
  const deadline = Date.now() + waitLimitMs;
  for (;;) {
    if (existsSync(announced)) return JSON.parse(readFileSync(announced, 'utf8')) as Template;
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // another worker is seeding it
    }
    if (mine) {
      try {
        const template = await seedTemplate(folder);
        writeFileSync(`${announced}.partial`, JSON.stringify(template));
        renameSync(`${announced}.partial`, announced);
        return template;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
    if (Date.now() > deadline) throw new Error(`No private-server template within ${waitLimitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function seedTemplate(folder: string): Promise<Template> {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = join(folder, 'template-data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const database = serverUrl ? await createE2eDatabase(serverUrl) : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'e2e/support/seed-e2e-operators.ts')],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  if (seeded.status !== 0) {
    await database?.drop();
    throw new Error(`Seeding the private-server template failed:\n${seeded.stdout}${seeded.stderr}`);
  }
  return database ? { database: database.name } : { dataDir };
}

/**
 * A copy of the template for one private server: its own data dir (with the PGlite data when the
 * run uses PGlite) and, on PostgreSQL, its own database. `drop` removes the database.
 */
export async function copyPrivateServerTemplate(dataDir: string): Promise<{
  databaseUrl?: string;
  drop: () => Promise<void>;
}> {
  const template = await privateServerTemplate();
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && template.database) {
    const database = await createE2eDatabase(serverUrl, { template: template.database });
    return { databaseUrl: database.url, drop: database.drop };
  }
  if (!template.dataDir) throw new Error('The private-server template has no data dir');
  cpSync(template.dataDir, dataDir, { recursive: true });
  return { drop: async () => {} };
}

/** At the end of the run (global-setup.ts): the template's PostgreSQL database, if one was seeded. */
export async function dropPrivateServerTemplate(): Promise<void> {
  const announced = join(runFolder(), 'template.json');
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !existsSync(announced)) return;
  const template = JSON.parse(readFileSync(announced, 'utf8')) as Template;
  if (template.database) await dropE2eDatabase(serverUrl, template.database);
}
