import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDatabase } from '../db/platform-database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { knownSignInDevice, rememberSignInDevice, signInDeviceTtlSeconds } from './sign-in-devices.ts';

describe('sign-in devices', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const ann = { tenantId: 'moneypartner', username: ' Ann@Example.com ' };

  it('knows a browser for the account it signed in to, by any spelling of its address', async () => {
    const token = await rememberSignInDevice(database.db, undefined, ann);
    const known = await knownSignInDevice(database.db, token, {
      tenantId: 'moneypartner',
      username: 'ann@example.COM',
    });
    expect(known).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await knownSignInDevice(database.db, token, { tenantId: 'moneypartner', username: 'bob@example.com' }),
    ).toBe(undefined);
    expect(
      await knownSignInDevice(database.db, token, { tenantId: 'waratah', username: 'ann@example.com' }),
    ).toBe(undefined);
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
    const bobs = await rememberSignInDevice(database.db, token, {
      tenantId: 'moneypartner',
      username: 'bob@example.com',
    });
    expect(bobs).not.toBe(token);
  });
});
