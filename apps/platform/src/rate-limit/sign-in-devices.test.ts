import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import {
  knownSignInDevice,
  rememberSignInDevice,
  signInDevicesPerAccount,
  signInDeviceTtlSeconds,
} from './sign-in-devices.ts';

describe('sign-in devices', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const as = (
    username: string,
    tenantId = 'moneypartner',
    audience: 'admin_user' | 'client' = 'admin_user',
  ) => ({
    tenantId,
    username,
    audience,
  });
  const ann = as(' Ann@Example.com ');

  it('knows a browser for the account it signed in to, by any spelling of its address', async () => {
    const token = await rememberSignInDevice(database.db, undefined, ann);
    expect(await knownSignInDevice(database.db, token, as('ann@example.COM'))).toMatch(/^[0-9a-f]{64}$/);
    expect(await knownSignInDevice(database.db, token, as('bob@example.com'))).toBe(undefined);
    expect(await knownSignInDevice(database.db, token, as('ann@example.com', 'waratah'))).toBe(undefined);
    // A client of the same address is another account.
    expect(await knownSignInDevice(database.db, token, as('ann@example.com', 'moneypartner', 'client'))).toBe(
      undefined,
    );
    expect(await knownSignInDevice(database.db, undefined, ann)).toBe(undefined);
    expect(await knownSignInDevice(database.db, 'x'.repeat(10_000), ann)).toBe(undefined);
  });

  it('renews a known browser’s token and hands a new one to a browser new to the account', async () => {
    const now = new Date('2026-11-30T00:00:00Z');
    const token = await rememberSignInDevice(database.db, undefined, ann, now);
    const later = new Date(now.getTime() + 10 * 24 * 3600 * 1000);
    expect(await rememberSignInDevice(database.db, token, ann, later)).toBe(token);
    const row = await database.db
      .selectFrom('sign_in_devices')
      .select('expires_at')
      .where('token_hash', '=', (await knownSignInDevice(database.db, token, ann, later)) ?? '')
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBe(later.getTime() + signInDeviceTtlSeconds * 1000);
    const past = new Date(later.getTime() + signInDeviceTtlSeconds * 1000 + 1);
    expect(await knownSignInDevice(database.db, token, ann, past)).toBe(undefined);
    expect(await rememberSignInDevice(database.db, token, as('bob@example.com'))).not.toBe(token);
  });

  it('keeps an account’s newest browsers only, however often it signs in from new ones', async () => {
    const carol = as('carol@example.com');
    const annsOwn = await rememberSignInDevice(database.db, undefined, ann);
    const start = Date.parse('2026-11-30T00:00:00Z');
    const tokens: string[] = [];
    for (let n = 0; n < signInDevicesPerAccount + 3; n++)
      tokens.push(await rememberSignInDevice(database.db, undefined, carol, new Date(start + n * 1000)));
    const at = new Date(start + 3600 * 1000);
    const known = await Promise.all(tokens.map((token) => knownSignInDevice(database.db, token, carol, at)));
    expect(known.map((hash) => hash !== undefined)).toEqual([
      ...Array(3).fill(false),
      ...Array(signInDevicesPerAccount).fill(true),
    ]);
    // Another account's browsers are left alone.
    expect(await knownSignInDevice(database.db, annsOwn, ann)).toBeDefined();
  });
});
