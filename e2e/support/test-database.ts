import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * When DATABASE_URL names a PostgreSQL server, the browser tests get a database of their own
 * on it, so that a run never sees another run's data; without it the server uses PGlite.
 * `template` copies an existing database (one no session is connected to) instead of starting empty.
 */
export async function createE2eDatabase(
  serverUrl: string,
  { template }: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  // Generated, never from input, so they are safe to splice into DDL (identifiers cannot be bound).
  const name = `waratah_e2e_${randomBytes(6).toString('hex')}`;
  await asAdmin(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => dropE2eDatabase(serverUrl, name),
  };
}

export async function dropE2eDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^waratah_e2e_[0-9a-f]+$/.test(name)) throw new Error(`Not an e2e database: ${name}`);
  await asAdmin(serverUrl, `drop database if exists ${name} with (force)`);
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
