import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { decodeHolderTokenKey, loadConfig, type PlatformConfig } from '../config/env.ts';
import type { Database } from '../db/database-schema.ts';
import { ConfigError } from '../errors/config-error.ts';
import { MalformedSealedValue, openAesGcm, sealAesGcm } from '../security/aes-gcm.ts';

/**
 * The bank tokens a data holder issues for a client's consent (`provider_accounts.holder_access_token`)
 * are stored encrypted: AES-256-GCM with a random 12-byte IV per value and the column's name as
 * additional data, written as `aes256gcm:v1:<iv>.<tag>.<ciphertext>` (base64url). A value without
 * the prefix is a token stored before encryption; it is read as it is and sealed on first read
 * (and by the sweep at start, `sealPlaintextHolderTokens`).
 */
export interface HolderTokenCipher {
  seal(token: string): string;
  /** The token; throws HolderTokenKeyError when the value was sealed with another key or altered. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

const prefix = 'aes256gcm:v1:';
const additionalData = 'provider_accounts.holder_access_token';
/** The development key file in DATA_DIR; production sets HOLDER_TOKEN_KEY. */
export const holderTokenKeyFile = 'holder-token.key';
const processTestKey = randomBytes(32);

/** A stored bank token that the configured key cannot open: the key changed, or the value was altered. */
export class HolderTokenKeyError extends Error {
  override name = 'HolderTokenKeyError';
}

export function createHolderTokenCipher(key: Buffer): HolderTokenCipher {
  if (key.length !== 32) throw new HolderTokenKeyError('The bank-token key must be 32 bytes (AES-256)');
  return {
    seal: (token) => `${prefix}${sealAesGcm(key, additionalData, token)}`,
    open(stored) {
      if (!stored.startsWith(prefix)) return stored;
      try {
        return openAesGcm(key, additionalData, stored.slice(prefix.length));
      } catch (error) {
        if (error instanceof MalformedSealedValue)
          throw new HolderTokenKeyError('A stored bank token is not a valid aes256gcm:v1 value');
        throw new HolderTokenKeyError(
          'A stored bank token cannot be decrypted: HOLDER_TOKEN_KEY is not the key it was encrypted with (or the value was altered)',
          { cause: error },
        );
      }
    },
    isSealed: (stored) => stored.startsWith(prefix),
  };
}

type KeySource = Pick<PlatformConfig, 'holderTokenKey' | 'nodeEnv' | 'dataDir' | 'databaseUrl'>;

/**
 * The key: HOLDER_TOKEN_KEY when set. Without it, production on PostgreSQL (DATABASE_URL) refuses
 * with a ConfigError naming the variable: every instance sharing the database needs the same key,
 * and it must not live only on one host. Otherwise (development, or a single process on the
 * embedded database) `DATA_DIR/holder-token.key` is used, generated once with mode 0600; tests
 * (NODE_ENV=test) use a random key of the process.
 */
export async function loadHolderTokenKey(source: KeySource): Promise<Buffer> {
  if (source.holderTokenKey) return source.holderTokenKey;
  if (source.nodeEnv === 'production' && source.databaseUrl) {
    throw new ConfigError([
      'HOLDER_TOKEN_KEY: must be set in production with DATABASE_URL (32 bytes as base64 or hex, e.g. `openssl rand -base64 32`); it encrypts the stored bank tokens',
    ]);
  }
  // Tests keep their databases for one process only: a key of the process, never a file.
  if (source.nodeEnv === 'test') return processTestKey;
  const file = join(source.dataDir, holderTokenKeyFile);
  await mkdir(source.dataDir, { recursive: true });
  try {
    // `wx`: only the first process creates it; a concurrent one reads the winner's key below.
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = decodeHolderTokenKey(await readFile(file, 'utf8'));
  if (!key) {
    throw new ConfigError([
      `HOLDER_TOKEN_KEY: unset, and ${file} does not hold a 32-byte base64 or hex key; set the variable or remove the file`,
    ]);
  }
  return key;
}

const ciphers = new Map<string, Promise<HolderTokenCipher>>();

/** The cipher of a configuration (by default the process environment's), loaded once. */
export function holderTokenCipher(source: KeySource = loadConfig()): Promise<HolderTokenCipher> {
  const id = source.holderTokenKey ? `key:${source.holderTokenKey.toString('hex')}` : `dir:${source.dataDir}`;
  let cipher = ciphers.get(id);
  if (!cipher) {
    cipher = loadHolderTokenKey(source).then(createHolderTokenCipher);
    cipher.catch(() => ciphers.delete(id));
    ciphers.set(id, cipher);
  }
  return cipher;
}

/** Seals every bank token still stored in plain text (tokens written before encryption). Answers how many. */
export async function sealPlaintextHolderTokens(
  db: Kysely<Database>,
  cipher: HolderTokenCipher,
): Promise<number> {
  const rows = await db
    .selectFrom('provider_accounts')
    .select(['id', 'holder_access_token'])
    .where('holder_access_token', 'is not', null)
    .where('holder_access_token', 'not like', `${prefix}%`)
    .execute();
  for (const row of rows) {
    if (!row.holder_access_token) continue;
    await db
      .updateTable('provider_accounts')
      .set({ holder_access_token: cipher.seal(row.holder_access_token) })
      .where('id', '=', row.id)
      .where('holder_access_token', '=', row.holder_access_token)
      .execute();
  }
  return rows.length;
}
