import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app.ts';
import { DatabaseAdapter } from './database-adapter.ts';
import { endedSessionModel } from './ended-sessions.ts';

describe('DatabaseAdapter', () => {
  let testApp: IdentityTestApp;
  let adapter: DatabaseAdapter;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
    adapter = new DatabaseAdapter(testApp.identityDb, 'AccessToken');
  });
  afterAll(() => testApp.close());

  it('stores, finds, consumes and destroys a model instance', async () => {
    await adapter.upsert('token-1', { grantId: 'grant-1', uid: 'uid-1', kind: 'AccessToken' }, 60);
    expect(await adapter.find('token-1')).toEqual({ grantId: 'grant-1', uid: 'uid-1', kind: 'AccessToken' });
    expect(await adapter.findByUid('uid-1')).toMatchObject({ grantId: 'grant-1' });
    expect(await new DatabaseAdapter(testApp.identityDb, 'Session').find('token-1')).toBeUndefined();
    await adapter.consume('token-1');
    expect((await adapter.find('token-1'))?.consumed).toEqual(expect.any(Number));
    await adapter.upsert('token-1', { grantId: 'grant-1', kind: 'AccessToken' }, 60);
    await adapter.destroy('token-1');
    expect(await adapter.find('token-1')).toBeUndefined();
  });

  it('spends a refresh token once: a second use at once ends its grant and is refused', async () => {
    // Before 2026-11-30 both of two requests with one token passed the provider's `consumed` check
    // and got new tokens: two chains of one sign-in, and no reuse detected.
    const refreshTokens = new DatabaseAdapter(testApp.identityDb, 'RefreshToken');
    const grants = new DatabaseAdapter(testApp.identityDb, 'Grant');
    await grants.upsert('grant-9', { accountId: '1' }, 60);
    await refreshTokens.upsert('refresh-9', { grantId: 'grant-9' }, 60);
    await adapter.upsert('access-9', { grantId: 'grant-9' }, 60);
    const [first, second] = await Promise.allSettled([
      refreshTokens.consume('refresh-9'),
      refreshTokens.consume('refresh-9'),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { error: 'invalid_grant' } });
    expect(await refreshTokens.find('refresh-9')).toBeUndefined();
    expect(await adapter.find('access-9')).toBeUndefined();
    expect(await grants.find('grant-9')).toBeUndefined();
    // A token already gone has nothing to spend.
    await expect(refreshTokens.consume('never-issued')).resolves.toBeUndefined();
  });

  it('revokes every model of a grant', async () => {
    const codes = new DatabaseAdapter(testApp.identityDb, 'AuthorizationCode');
    await adapter.upsert('token-2', { grantId: 'grant-2' }, 60);
    await codes.upsert('code-2', { grantId: 'grant-2' }, 60);
    await adapter.upsert('token-3', { grantId: 'grant-3' }, 60);
    await adapter.revokeByGrantId('grant-2');
    expect(await adapter.find('token-2')).toBeUndefined();
    expect(await codes.find('code-2')).toBeUndefined();
    expect(await adapter.find('token-3')).toBeDefined();
  });

  it('reads an ended session, and what was issued under it, as absent even when written again', async () => {
    const sessions = new DatabaseAdapter(testApp.identityDb, 'Session');
    const refreshTokens = new DatabaseAdapter(testApp.identityDb, 'RefreshToken');
    const grants = new DatabaseAdapter(testApp.identityDb, 'Grant');
    await sessions.upsert('session-5', { uid: 'session-uid-5', accountId: '5' }, 60);
    await refreshTokens.upsert('refresh-5', { grantId: 'grant-5', sessionUid: 'session-uid-5' }, 60);
    await refreshTokens.upsert('refresh-6', { grantId: 'grant-6', sessionUid: 'session-uid-6' }, 60);
    await grants.upsert('grant-5', { accountId: '5' }, 60);
    await testApp.identityDb
      .insertInto('identity_store')
      .values({ model: endedSessionModel, id: 'session-uid-5', payload: '{}', expires_at: null })
      .execute();
    await sessions.upsert('session-5', { uid: 'session-uid-5', accountId: '5' }, 60);
    expect(await sessions.find('session-5')).toBeUndefined();
    expect(await sessions.findByUid('session-uid-5')).toBeUndefined();
    expect(await refreshTokens.find('refresh-5')).toBeUndefined();
    // Another session's token, and a grant (which names no session), read as before.
    expect(await refreshTokens.find('refresh-6')).toMatchObject({ grantId: 'grant-6' });
    expect(await grants.find('grant-5')).toEqual({ accountId: '5' });
  });

  it('reads an id holding a NUL character as unknown, which PostgreSQL’s text cannot hold', async () => {
    // What the provider is sent (`client_id=%00`, `refresh_token=%00`) it looks up as it is: before
    // 2026-12-03 the statement failed, and the request answered 500.
    for (const model of ['Client', 'RefreshToken', 'AuthorizationCode', 'Session', 'Interaction', 'Grant']) {
      const store = new DatabaseAdapter(testApp.identityDb, model);
      await expect(store.find('\u0000'), model).resolves.toBeUndefined();
      await expect(store.find('refresh\u0000x'), model).resolves.toBeUndefined();
      await expect(store.findByUid('\u0000'), model).resolves.toBeUndefined();
      await expect(store.findByUserCode('\u0000'), model).resolves.toBeUndefined();
      await expect(store.consume('\u0000'), model).resolves.toBeUndefined();
      await expect(store.destroy('\u0000'), model).resolves.toBeUndefined();
      await expect(store.revokeByGrantId('\u0000'), model).resolves.toBeUndefined();
    }
  });

  it('treats an expired instance as absent', async () => {
    await adapter.upsert('token-4', { userCode: 'ABCD' }, 60);
    await testApp.database.db
      .updateTable('identity_store')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', 'token-4')
      .execute();
    expect(await adapter.find('token-4')).toBeUndefined();
    expect(await adapter.findByUserCode('ABCD')).toBeUndefined();
  });
});
