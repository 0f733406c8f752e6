import { describe, expect, it } from 'vitest';
import {
  buildAccount,
  buildProviderAccount,
  buildRefreshStatus,
} from '../../../testing/build-client-data.ts';
import { groupByProvider } from './group-by-provider.ts';

describe('groupByProvider', () => {
  const zed = buildProviderAccount({ id: 1, provider_name: 'Zed Bank' });
  const apex = buildProviderAccount({ id: 2, provider_name: 'apex credit union' });
  const broken = buildProviderAccount({
    id: 3,
    provider_name: 'Koala Bank',
    refresh_status: buildRefreshStatus({ status: 'needs_action', sub_status: 'relogin_required' }),
  });

  it('puts each account under its connection, needing-action ones first, then by name', () => {
    const accounts = [
      buildAccount({ id: 10, provider_account_id: 1 }),
      buildAccount({ id: 11, provider_account_id: 2 }),
      buildAccount({ id: 12, provider_account_id: 1 }),
    ];
    const groups = groupByProvider([zed, apex, broken], accounts);
    expect(groups.map((group) => group.providerAccount.id)).toEqual([3, 2, 1]);
    expect(groups.map((group) => group.accounts.map((account) => account.id))).toEqual([[], [11], [10, 12]]);
  });

  it('lists a failed connection after those needing the client’s action, before the others', () => {
    const down = buildProviderAccount({
      id: 4,
      provider_name: 'Acacia Bank',
      refresh_status: buildRefreshStatus({ status: 'failed', sub_status: 'temporary_failure' }),
    });
    const groups = groupByProvider([zed, down, apex, broken], []);
    expect(groups.map((group) => group.providerAccount.id)).toEqual([3, 4, 2, 1]);
  });

  it('still shows accounts whose connection the connections list left out', () => {
    const accounts = [buildAccount({ id: 20, provider_account_id: 99, provider_name: 'Late Bank' })];
    const groups = groupByProvider([zed], accounts);
    expect(groups.map((group) => [group.providerAccount.provider_name, group.accounts.length])).toEqual([
      ['Late Bank', 1],
      ['Zed Bank', 0],
    ]);
  });
});
