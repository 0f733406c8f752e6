import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { ConfigError } from '../errors/config-error.ts';
import {
  createHolderTokenCipher,
  HolderTokenKeyError,
  holderTokenKeyFile,
  loadHolderTokenKey,
  sealPlaintextHolderTokens,
} from './holder-token-cipher.ts';
import { refreshProviderAccount } from './refresh-provider-account.ts';
import { openBankingFixture } from './testing/open-banking-fixture.ts';

describe('the bank-token cipher (AES-256-GCM)', () => {
  const cipher = createHolderTokenCipher(randomBytes(32));

  it('round-trips a token, and never stores the plain text', () => {
    const token = 'holder-access-token-0123456789';
    const sealed = cipher.seal(token);
    expect(sealed).not.toContain(token);
    expect(sealed.startsWith('aes256gcm:v1:')).toBe(true);
    expect(cipher.seal(token)).not.toBe(sealed); // a fresh IV every time
    expect(cipher.open(sealed)).toBe(token);
  });

  it('refuses a value sealed with another key, or altered, with a clear error instead of garbage', () => {
    const sealed = createHolderTokenCipher(randomBytes(32)).seal('secret');
    expect(() => cipher.open(sealed)).toThrow(HolderTokenKeyError);
    expect(() => cipher.open(sealed)).toThrow(/HOLDER_TOKEN_KEY is not the key it was encrypted with/);
    // One bit of the ciphertext flipped (the last of its three base64url parts).
    const mine = cipher.seal('secret');
    const parts = mine.slice('aes256gcm:v1:'.length).split('.');
    const body = Buffer.from(parts[2] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const altered = `aes256gcm:v1:${parts[0]}.${parts[1]}.${body.toString('base64url')}`;
    expect(altered).not.toBe(mine);
    expect(() => cipher.open(altered)).toThrow(HolderTokenKeyError);
    expect(() => cipher.open('aes256gcm:v1:broken')).toThrow(/not a valid aes256gcm:v1 value/);
  });

  it('reads a token stored before encryption as it is', () => {
    expect(cipher.isSealed('plain-token')).toBe(false);
    expect(cipher.open('plain-token')).toBe('plain-token');
  });
});

describe('the bank-token key', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'holder-token-key-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('HOLDER_TOKEN_KEY takes 32 bytes as hex or base64, and names itself when it is wrong', () => {
    const key = randomBytes(32);
    expect(loadConfig({ HOLDER_TOKEN_KEY: key.toString('hex') }).holderTokenKey).toEqual(key);
    expect(loadConfig({ HOLDER_TOKEN_KEY: key.toString('base64') }).holderTokenKey).toEqual(key);
    expect(loadConfig({}).holderTokenKey).toBeUndefined();
    for (const wrong of ['short', randomBytes(16).toString('base64'), randomBytes(31).toString('hex')]) {
      expect(() => loadConfig({ HOLDER_TOKEN_KEY: wrong })).toThrow(
        /HOLDER_TOKEN_KEY: must be a 32-byte key/,
      );
    }
  });

  it('is required in production on PostgreSQL', async () => {
    const production = {
      holderTokenKey: undefined,
      nodeEnv: 'production' as const,
      dataDir,
      databaseUrl: 'postgres://db.example/waratah',
    };
    await expect(loadHolderTokenKey(production)).rejects.toThrow(ConfigError);
    await expect(loadHolderTokenKey(production)).rejects.toThrow(
      /HOLDER_TOKEN_KEY: must be set in production/,
    );
    const key = randomBytes(32);
    expect(await loadHolderTokenKey({ ...production, holderTokenKey: key })).toEqual(key);
  });

  it('in development is generated once in DATA_DIR, readable by the owner only', async () => {
    const first = await loadHolderTokenKey({
      holderTokenKey: undefined,
      nodeEnv: 'development',
      dataDir,
      databaseUrl: undefined,
    });
    const again = await loadHolderTokenKey({
      holderTokenKey: undefined,
      nodeEnv: 'development',
      dataDir,
      databaseUrl: undefined,
    });
    expect(first).toHaveLength(32);
    expect(again).toEqual(first);
    const file = join(dataDir, holderTokenKeyFile);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('base64'));
  });
});

describe('stored bank tokens', () => {
  let fixture: Awaited<ReturnType<typeof openBankingFixture>>;
  beforeAll(async () => {
    fixture = await openBankingFixture();
  });
  afterAll(() => fixture.close());

  const storedToken = async (id: number) =>
    (
      await fixture.db
        .selectFrom('provider_accounts')
        .select('holder_access_token')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).holder_access_token ?? '';

  it('are sealed when a connection is made, and a refresh opens them', async () => {
    const cipher = createHolderTokenCipher(randomBytes(32));
    const { scope, providerAccount } = await fixture.connect('harbour-bank', 'amelia-nguyen', cipher);
    const stored = await storedToken(providerAccount.id);
    expect(stored.startsWith('aes256gcm:v1:')).toBe(true);
    const plain = cipher.open(stored);
    expect(plain.length).toBeGreaterThan(10);
    expect(stored).not.toContain(plain);
    const refreshed = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      tokens: cipher,
    });
    expect(refreshed.outcome.refreshStatus).toBe('success');
    expect(scope.clientId).toBeGreaterThan(0);

    // Another key cannot open them: the refresh stops with the key error, recorded as a failure
    // that backs off (until 2026-12-02 it was thrown, and nothing recorded); the token and the
    // data stay, and the right key reads them again.
    const other = createHolderTokenCipher(randomBytes(32));
    const unreadable = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      tokens: other,
    });
    expect(unreadable.tokenUnreadable).toBeInstanceOf(HolderTokenKeyError);
    expect(unreadable.outcome).toMatchObject({
      providerAccountStatus: 'failed',
      refreshStatus: 'temporary_failure',
      temporary: true,
    });
    expect(await storedToken(providerAccount.id)).toBe(stored);
    const healed = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      tokens: cipher,
    });
    expect(healed.outcome.refreshStatus).toBe('success');
  });

  it('stored in plain text before encryption are sealed at start and on first read', async () => {
    const cipher = createHolderTokenCipher(randomBytes(32));
    const { providerAccount } = await fixture.connect('harbour-bank', 'james-oconnor', cipher);
    const plain = cipher.open(await storedToken(providerAccount.id));
    const setPlain = () =>
      fixture.db
        .updateTable('provider_accounts')
        .set({ holder_access_token: plain })
        .where('id', '=', providerAccount.id)
        .execute();

    await setPlain();
    expect(await sealPlaintextHolderTokens(fixture.db, cipher)).toBeGreaterThanOrEqual(1);
    const sealed = await storedToken(providerAccount.id);
    expect(sealed).not.toBe(plain);
    expect(cipher.open(sealed)).toBe(plain);

    await setPlain();
    const refreshed = await refreshProviderAccount(fixture.db, providerAccount.id, {
      ...fixture.refreshOptions,
      tokens: cipher,
    });
    expect(refreshed.outcome.refreshStatus).toBe('success');
    const afterRead = await storedToken(providerAccount.id);
    expect(cipher.isSealed(afterRead)).toBe(true);
    expect(cipher.open(afterRead)).toBe(plain);
  });
});
