import { createHash, randomBytes } from 'node:crypto';
import { DatabaseAdapter } from '../storage/database-adapter.ts';
import type { IdentityDb } from '../storage/identity-database.ts';

/** A sign-in the hosted backend started: what it needs when the provider sends the browser back. */
export interface HostedLogin {
  codeVerifier: string;
  /** The portal page to return to (the client's redirect_uri) and the portal's own state. */
  redirectUri: string;
  state: string | undefined;
}

export const hostedLoginTtl = 10 * 60;

/** The shape of a sign-in's id (`startHostedLogin`: 24 random bytes, base64url). */
const loginIdShape = /^[A-Za-z0-9_-]{32}$/;

/** Whether a callback's `state` could be a sign-in's id: only then may it name a cookie. */
export const isHostedLoginId = (value: string): boolean => loginIdShape.test(value);

/**
 * The cookie that binds one sign-in to the browser that started it (`app.tx.<its id>`, on the
 * callback's path): one per sign-in, so that two started at once (two tabs) each find their own.
 * Before 2026-12-03 a single `app.tx` held the newest, and the other tab's callback was refused.
 */
export const hostedLoginCookie = (loginId: string): string => `app.tx.${loginId}`;

const store = (db: IdentityDb) => new DatabaseAdapter(db, 'HostedLogin');

/** Stores a new sign-in; its id is the OAuth `state` and the value of the browser-binding cookie. */
export async function startHostedLogin(
  db: IdentityDb,
  login: Omit<HostedLogin, 'codeVerifier'>,
): Promise<{ id: string; codeChallenge: string }> {
  const id = randomBytes(24).toString('base64url');
  const codeVerifier = randomBytes(32).toString('base64url');
  await store(db).upsert(id, { ...login, codeVerifier }, hostedLoginTtl);
  return { id, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
}

/** The sign-in, once: it is removed as it is read, so a replayed callback finds nothing. */
export async function takeHostedLogin(db: IdentityDb, id: string): Promise<HostedLogin | undefined> {
  const payload = await store(db).find(id);
  if (!payload) return undefined;
  await store(db).destroy(id);
  const { codeVerifier, redirectUri, state } = payload;
  if (typeof codeVerifier !== 'string' || typeof redirectUri !== 'string') return undefined;
  return { codeVerifier, redirectUri, state: typeof state === 'string' ? state : undefined };
}
