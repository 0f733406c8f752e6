import type { CreatePartyRequest } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserPrincipal } from '../../../auth/principal.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createPartyRepository } from './party-repository.ts';

const company: CreatePartyRequest = {
  name: 'Cove Advice Pty Ltd',
  abn: '51 824 753 556',
  address: { line1: '2 George Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
  phone: '02 9000 0002',
};

const operator = (tenantId: string): AdminUserPrincipal => ({
  kind: 'admin_user',
  tenantId: tenantId as TenantId,
  adminUserId: 1,
  role: 'operator',
  externalPartyId: null,
  via: 'bearer',
  ip: '203.0.113.9',
});

describe('a practice’s writes and their audit rows', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const auditRows = () =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'external_party')
      .execute();

  it('keeps an enabled practice’s name and ABN as the operator checked them', async () => {
    const parties = createPartyRepository(db());
    const created = await parties.create(operator('waratah'), {
      tenantId: 'waratah',
      party: { ...company, name: 'Checked Advice Pty Ltd' },
    });
    const enabled = await parties.setStatus(operator('waratah'), created.id, 'enabled');
    const adviser = { ...operator('waratah'), role: 'adviser' as const, externalPartyId: created.id };
    // Before 2026-11-30 an approved practice could rename itself and invite clients under the new name.
    await expect(parties.update(adviser, enabled, { name: 'Westpac Security Team' })).rejects.toMatchObject({
      type: 'forbidden',
      fields: [{ field: 'body.name' }],
    });
    await expect(parties.update(adviser, enabled, { abn: '83 914 571 673' })).rejects.toMatchObject({
      fields: [{ field: 'body.abn' }],
    });
    // The same values, and the other details, are still the advisers' to send.
    const updated = await parties.update(adviser, enabled, {
      name: enabled.name,
      abn: enabled.abn ?? undefined,
      phone: '02 9111 1111',
    });
    expect(updated).toMatchObject({ name: 'Checked Advice Pty Ltd', phone: '02 9111 1111' });
    // An operator sends it back for a change, and checks it again.
    const reopened = await parties.setStatus(operator('waratah'), created.id, 'unverified');
    expect((await parties.update(adviser, reopened, { name: 'Checked Advice Group' })).name).toBe(
      'Checked Advice Group',
    );
  });

  it('keeps a disabled practice’s name and ABN too, which an enable would publish unchecked', async () => {
    const parties = createPartyRepository(db());
    const created = await parties.create(operator('waratah'), {
      tenantId: 'waratah',
      party: { ...company, name: 'Dormant Advice Pty Ltd' },
    });
    const disabled = await parties.setStatus(operator('waratah'), created.id, 'disabled');
    const adviser = { ...operator('waratah'), role: 'adviser' as const, externalPartyId: created.id };
    await expect(parties.update(adviser, disabled, { name: 'Renamed Advice' })).rejects.toMatchObject({
      type: 'forbidden',
      message: expect.stringContaining('in review'),
      fields: [{ field: 'body.name' }],
    });
    await expect(parties.update(adviser, disabled, { abn: '83 914 571 673' })).rejects.toMatchObject({
      fields: [{ field: 'body.abn' }],
    });
    expect((await parties.update(adviser, disabled, { phone: '02 9222 2222' })).phone).toBe('02 9222 2222');
  });

  it('keeps the credentials another adviser added since the practice was read', async () => {
    const parties = createPartyRepository(db());
    const created = await parties.create(operator('waratah'), {
      tenantId: 'waratah',
      party: { ...company, name: 'Two Desks Advice' },
    });
    const adviser = { ...operator('waratah'), role: 'adviser' as const, externalPartyId: created.id };
    // Both advisers read the practice before either saved: each sends the number they hold.
    await parties.update(adviser, created, { credentials: { afsl_number: '123456' } });
    const second = await parties.update(adviser, created, { credentials: { tax_agent_number: '12345678' } });
    expect(second.credentials).toEqual({ afsl_number: '123456', tax_agent_number: '12345678' });
  });

  it('keeps no change whose audit row could not be written', async () => {
    const parties = createPartyRepository(db());
    const created = await parties.create(operator('waratah'), { tenantId: 'waratah', party: company });
    const before = await auditRows();
    // An actor of a kind the audit log's check refuses: its row fails after the practice's write.
    const nowhere = { ...operator('waratah'), kind: 'robot' as 'admin_user' };
    await expect(
      parties.create(nowhere, { tenantId: 'waratah', party: { ...company, name: 'Never Pty Ltd' } }),
    ).rejects.toThrow();
    await expect(parties.update(nowhere, created, { phone: '02 9999 9999' })).rejects.toThrow();
    const names = await db()
      .selectFrom('external_parties')
      .select('name')
      .where('name', '=', 'Never Pty Ltd')
      .execute();
    expect(names).toEqual([]);
    expect((await parties.find('waratah', created.id))?.phone).toBe('02 9000 0002');
    expect(await auditRows()).toEqual(before);
  });

  it('joins the caller’s transaction, so its rollback takes the practice and its audit row', async () => {
    const before = await auditRows();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await createPartyRepository(trx).create(operator('waratah'), {
            tenantId: 'waratah',
            party: { ...company, name: 'Rolled Back Pty Ltd' },
          });
          throw new Error('the caller’s next step failed');
        }),
    ).rejects.toThrow('the caller’s next step failed');
    const names = await db()
      .selectFrom('external_parties')
      .select('name')
      .where('name', '=', 'Rolled Back Pty Ltd')
      .execute();
    expect(names).toEqual([]);
    expect(await auditRows()).toEqual(before);
  });

  it('sets a status only within the operator’s tenant, and audits it', async () => {
    const parties = createPartyRepository(db());
    const created = await parties.create(operator('waratah'), { tenantId: 'waratah', party: company });
    await expect(parties.setStatus(operator('moneypartner'), created.id, 'disabled')).rejects.toThrow(
      `There is no external party ${created.id}`,
    );
    expect((await parties.setStatus(operator('waratah'), created.id, 'enabled')).status).toBe('enabled');
    expect((await auditRows()).filter((row) => row.target_id === String(created.id))).toEqual([
      { action: 'party.create', target_id: String(created.id) },
      { action: 'party.enabled', target_id: String(created.id) },
    ]);
  });
});
