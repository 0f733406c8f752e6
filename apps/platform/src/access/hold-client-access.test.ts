import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAccount } from '../aggregation/accounts-repository.ts';
import { deleteProviderAccount, markRefreshQueued } from '../aggregation/provider-accounts-repository.ts';
import { createGoal, deleteGoal } from '../goals/goals-repository.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { adviserScopeOf, signedInAdviserWithClient } from '../testing/signed-in-adviser-with-client.ts';
import { updateUserDetails } from '../users/user-details-repository.ts';

describe('an adviser’s writes to a client’s data hold the consent behind them', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  /** What the writes below could change, read whole. */
  const dataOf = async (clientId: number) => ({
    accounts: await db()
      .selectFrom('accounts')
      .select(['id', 'included', 'hidden', 'nick_name'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
    goals: await db().selectFrom('goals').select('id').where('client_id', '=', clientId).execute(),
    client: await db()
      .selectFrom('clients')
      .select(['given_name', 'family_name', 'mobile'])
      .where('id', '=', clientId)
      .executeTakeFirst(),
    connections: await db()
      .selectFrom('provider_accounts')
      .select(['id', 'status'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute(),
  });

  it('writes nothing for an adviser whose consent ended after the access check (404)', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const scope = adviserScopeOf(fixture);
    const accountId = fixture.accountIds[0] ?? 0;
    const goal = await createGoal(db(), scope, {
      name: 'Car',
      account_id: accountId,
      tracking_type: 'credit',
      frequency: 'monthly',
      target: 'amount',
      target_amount: '5000.00',
      period_amount: '250.00',
    });
    const before = await dataOf(fixture.clientId);
    const connectionIds = before.connections.map((connection) => connection.id);
    expect(connectionIds.length).toBeGreaterThan(0);
    // The access check passed; then the client withdrew, and the withdrawal committed.
    await db()
      .updateTable('client_links')
      .set({ consent_status: 'withdrawn' })
      .where('client_id', '=', fixture.clientId)
      .execute();

    // Before 2026-12-02 each of these was written after the withdrawal, in the adviser's name.
    const refused = { type: 'not_found', message: 'There is no such client' };
    await expect(
      updateAccount(db(), scope, accountId, { included: false, hidden: true }),
    ).rejects.toMatchObject(refused);
    await expect(
      createGoal(db(), scope, {
        name: 'Holiday',
        account_id: accountId,
        tracking_type: 'credit',
        frequency: 'monthly',
        target: 'amount',
        target_amount: '900.00',
        period_amount: '100.00',
      }),
    ).rejects.toMatchObject(refused);
    await expect(deleteGoal(db(), scope, goal.id)).rejects.toMatchObject(refused);
    await expect(deleteProviderAccount(db(), scope, connectionIds[0] ?? 0)).rejects.toMatchObject(refused);
    await expect(markRefreshQueued(db(), scope, connectionIds, async () => {})).rejects.toMatchObject(
      refused,
    );
    await expect(updateUserDetails(db(), scope, { given_name: 'Renamed' })).rejects.toMatchObject(refused);
    expect(await dataOf(fixture.clientId)).toEqual(before);
  });

  it('writes nothing for an adviser whose practice was disabled after the access check (404)', async () => {
    const fixture = await signedInAdviserWithClient(testApp.app);
    const scope = adviserScopeOf(fixture);
    const accountId = fixture.accountIds[0] ?? 0;
    const before = await dataOf(fixture.clientId);
    // The access check passed; then an operator disabled the practice, and that committed.
    await db()
      .updateTable('external_parties')
      .set({ status: 'disabled' })
      .where('id', '=', fixture.partyId)
      .execute();

    // Before 2026-12-03 these were written, the consent being all the write asked again.
    const refused = { type: 'not_found', message: 'There is no such client' };
    await expect(
      updateAccount(db(), scope, accountId, { included: false, hidden: true }),
    ).rejects.toMatchObject(refused);
    await expect(updateUserDetails(db(), scope, { given_name: 'Renamed' })).rejects.toMatchObject(refused);
    expect(await dataOf(fixture.clientId)).toEqual(before);
  });
});
