import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tenantIds } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import { platformCommand } from '../../../../../scripts/platform-command.mjs';
import { createDatabase } from '../../db/create-database.ts';
import type { Database } from '../../db/database-schema.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { PlatformDatabase } from '../../db/platform-database.ts';
import { seedDatabase } from '../../db/seed.ts';
import { demoGeneratorVersion } from '../../demo-data/demo-constants.ts';
import { createTestAdviser } from '../../testing/create-test-adviser.ts';
import { sampleFinances } from '../../testing/sample-finances.ts';
import { writeTestClient } from '../../testing/write-test-client.ts';
import { faultPointReached } from '../fault-point.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..', '..');
export const adviserPassword = 'Fault-Suite-Adviser-2026';
// Generous: two cores shared by many processes can make a start take several seconds.
const startDeadlineMs = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface HttpAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
  json<T = unknown>(): T;
}

/** One HTTP request with any Host header (the tenant comes from it), without fetch's restrictions. */
export function call(
  port: number,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            headers: res.headers,
            json: <T>() => JSON.parse(text) as T,
          }),
        );
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/**
 * Asks `probe` every 100 ms until it answers something, for up to `withinMs`; on giving up, the
 * error carries the server's output.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { withinMs = 120_000, server }: { withinMs?: number; server?: ServerProcess } = {},
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}:\n${server?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The answer to a request the database could not serve: 503 `unavailable`, to be asked again in a second. */
export function expectUnavailable(answer: HttpAnswer): void {
  expect(answer.status, answer.body).toBe(503);
  expect(answer.headers['retry-after']).toBe('1');
  expect(answer.json()).toEqual({
    error: {
      error_code: 'F9990',
      error_type: 'unavailable',
      error_message: expect.stringMatching(/^The service is not available at the moment/),
    },
  });
}

/** A platform server process of the fault suite: `kill()` is `kill -9`. */
export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves when the process prints `fault point reached: <point>`. */
  reached(point: string): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The suite's data: a temporary DATA_DIR, and a PostgreSQL database of its own when DATABASE_URL
 * is set (else PGlite in the DATA_DIR), migrated and seeded, with one adviser of an enabled
 * practice and one client holding `sampleFinances()`. The demo data is marked as done, so each
 * start is a restart on existing data, as in production.
 */
export async function createFaultData() {
  const dataDir = mkdtempSync(join(tmpdir(), 'waratah-faults-'));
  const serverUrl = process.env.DATABASE_URL;
  const databaseName = `waratah_faults_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (serverUrl) {
    await asAdmin(serverUrl, `create database ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const open = (): Promise<PlatformDatabase> => createDatabase({ dataDir, databaseUrl });

  const database = await open();
  const email = `fault-adviser-${randomBytes(4).toString('hex')}@example.test`;
  let clientId: number;
  let transactionIds: number[];
  try {
    const { db } = database;
    await migrateToLatest(db);
    await seedDatabase(db);
    await db
      .insertInto('demo_data_runs')
      .values(tenantIds.map((tenant_id) => ({ tenant_id, generator_version: demoGeneratorVersion })))
      .execute();
    const { adminUser: adviser, externalParty: party } = await createTestAdviser(db, {
      tenantId: 'moneypartner',
      email,
      password: adviserPassword,
      givenName: 'Fault',
      familyName: 'Suite',
      practiceStatus: 'enabled',
      practiceName: 'Fault Suite Practice',
    });
    if (!party) throw new Error('the fault suite adviser has no practice');
    const client = await writeTestClient(db, {
      tenantId: 'moneypartner',
      partyId: party.id,
      adviserId: adviser.id,
      finances: sampleFinances(),
    });
    clientId = client.clientId;
    transactionIds = client.transactionIds;
  } finally {
    await database.close();
  }

  const host = `moneypartner.localhost:${port}`;
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORTAL_DIST: join(dataDir, 'no-portal'),
    // A killed worker's job is taken up again one lease after its last renewal.
    JOB_LEASE_SECONDS: '1',
    // NODE_ENV=test alone gives each process a key of its own: the restarted one must read the bank tokens.
    HOLDER_TOKEN_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: databaseUrl ?? '',
    FAULT_PAUSE_AT: '',
  };

  /**
   * Starts the server (paused at `faultPoint` when given, with `env` over the suite's variables)
   * and waits until /readyz answers.
   */
  async function start(faultPoint?: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
    const server = spawnServer({ ...baseEnv, ...env, FAULT_PAUSE_AT: faultPoint ?? '' });
    const deadline = Date.now() + startDeadlineMs;
    for (;;) {
      if (server.child.exitCode !== null)
        throw new Error(`The server exited (${server.child.exitCode}):\n${server.output()}`);
      const ready = await call(port, 'GET', '/readyz').then(
        (answer) => answer.status === 200,
        () => false,
      );
      if (ready) return server;
      if (Date.now() > deadline) {
        await server.kill();
        throw new Error(`The server was not ready in time:\n${server.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Signs the adviser in through the real token endpoint; answers headers acting for the client. */
  async function signIn(): Promise<Record<string, string>> {
    const answer = await call(port, 'POST', '/oauth/admin/token', {
      headers: { host },
      body: {
        grant_type: 'password',
        username: email,
        password: adviserPassword,
        client_id: 'moneypartner-adviser-portal',
        domain: 'moneypartner.com.au',
        scope: '',
      },
    });
    if (answer.status !== 200) throw new Error(`Sign-in failed: ${answer.status} ${answer.body}`);
    const token = answer.json<{ access_token: string }>().access_token;
    return { host, authorization: `Bearer ${token}`, 'x-user-id': String(clientId) };
  }

  return {
    port,
    dataDir,
    engine: databaseUrl ? ('postgres' as const) : ('pglite' as const),
    databaseUrl,
    clientId,
    transactionIds,
    env: baseEnv,
    /** The database as the platform left it (PGlite: only while no server runs on it). */
    open,
    /** Reads the database while no server runs on it (PGlite is one process's at a time), then closes it. */
    async inspect<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
      const database = await open();
      try {
        return await read(database.db);
      } finally {
        await database.close();
      }
    },
    start,
    signIn,
    spawnServer: (env: NodeJS.ProcessEnv) => spawnServer({ ...baseEnv, ...env }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl) await asAdmin(serverUrl, `drop database if exists ${databaseName} with (force)`);
    },
  };
}

function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  let log = '';
  const waiting = new Set<() => void>();
  // As `npm start` and the browser tests run it: the bundle, built first if a source changed.
  const { command, args } = platformCommand();
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    for (const check of waiting) check();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => {
    for (const check of waiting) check();
  });
  return {
    child,
    output: () => log,
    reached(point) {
      const line = faultPointReached(point);
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`The server did not reach ${point} in time:\n${log}`));
        }, startDeadlineMs);
        const check = () => {
          if (log.includes(line)) {
            waiting.delete(check);
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiting.delete(check);
            clearTimeout(timer);
            reject(new Error(`The server exited before ${point}:\n${log}`));
          }
        };
        waiting.add(check);
        check();
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
