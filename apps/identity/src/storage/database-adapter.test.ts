import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app.ts';
import { DatabaseAdapter } from './database-adapter.ts';

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
