import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JSONWebKeySet, type JWK } from 'jose';
import { sql } from 'kysely';
import type { IdentityDb } from '../storage/identity-database.ts';

export const signingAlgorithm = 'ES256';

export interface IdentityKeys {
  /** Private signing keys, newest first: oidc-provider signs with the first and publishes all. */
  signing: JWK[];
  /** Secrets oidc-provider signs its cookies with (Koa keygrip); the first signs, all verify. */
  cookie: string[];
}

/**
 * The identity's keys, generated at first start and persisted in the database, so that every
 * instance and every restart signs with the same key (same `kid`). Nothing is ever committed.
 */
export async function loadIdentityKeys(db: IdentityDb): Promise<IdentityKeys> {
  const keys = await readKeys(db);
  if (complete(keys)) return keys;
  // Instances starting at once on a new database take turns here: the first generates the keys and
  // the others read them, so every instance keeps the same keys for its lifetime. Without the lock
  // each generated its own and kept what it read then, so a token or cookie signed by one was
  // refused by another.
  const signingKey = await generateSigningKey();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('waratah.identity_keys'))`.execute(trx);
    const found = await readKeys(trx);
    if (found.signing.length === 0) await insertKey(trx, 'sig', signingKey);
    if (found.cookie.length === 0)
      await insertKey(trx, 'cookie', { k: randomBytes(32).toString('base64url') });
    return complete(found) ? found : readKeys(trx);
  });
}

const complete = (keys: IdentityKeys) => keys.signing.length > 0 && keys.cookie.length > 0;

/** The public half of the signing keys: what `/oauth2/jwks` serves and the platform verifies with. */
export function publicJwks(keys: IdentityKeys): JSONWebKeySet {
  return {
    keys: keys.signing.map(({ kty, crv, x, y, n, e, kid, alg }) =>
      Object.fromEntries(Object.entries({ kty, crv, x, y, n, e, kid, alg, use: 'sig' }).filter(([, v]) => v)),
    ),
  };
}

async function readKeys(db: IdentityDb): Promise<IdentityKeys> {
  const rows = await db
    .selectFrom('identity_keys')
    .select(['use', 'private_key'])
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .execute();
  return {
    signing: rows.filter((row) => row.use === 'sig').map((row) => row.private_key as JWK),
    cookie: rows.filter((row) => row.use === 'cookie').map((row) => String(row.private_key.k)),
  };
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg: signingAlgorithm, use: 'sig', kid: await calculateJwkThumbprint(jwk) };
}

async function insertKey(db: IdentityDb, use: 'sig' | 'cookie', key: JWK | { k: string }): Promise<void> {
  const kid = 'kid' in key && key.kid ? key.kid : `cookie-${randomBytes(8).toString('hex')}`;
  await db
    .insertInto('identity_keys')
    .values({ kid, use, private_key: JSON.stringify(key) })
    .onConflict((conflict) => conflict.column('kid').doNothing())
    .execute();
}
