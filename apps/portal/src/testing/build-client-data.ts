import type { Account, Goal, ManagedUser, ProviderAccount, RefreshStatusBody } from '@waratah/contracts';

/** A client as the adviser's client list answers, with an active consent unless told. */
export function buildClient(patch: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id: 7,
    email: 'olivia.nguyen@example.test',
    given_name: 'Olivia',
    family_name: 'Nguyen',
    status: 'active',
    consent: { status: 'active', start: '2026-01-10T00:00:00Z', expiry: '2099-01-10T00:00:00Z' },
    last_refreshed: '2026-11-20T01:00:00Z',
    needs_action_count: 0,
    created_at: '2026-01-10T00:00:00Z',
    ...patch,
  };
}

export function buildRefreshStatus(patch: Partial<RefreshStatusBody> = {}): RefreshStatusBody {
  return {
    status: 'success',
    sub_status: 'success',
    additional_status: null,
    last_refreshed: '2026-11-20T01:00:00Z',
    next_refresh: null,
    ...patch,
  };
}

export function buildAccount(patch: Partial<Account> = {}): Account {
  return {
    id: 1,
    provider_account_id: 11,
    provider_id: 3,
    provider_name: 'Harbour Bank',
    account_name: 'Everyday Account',
    nick_name: null,
    account_number: 'xxxx1234',
    bsb: '062-000',
    account_status: 'active',
    account_attributes: { container: 'bank', account_type: 'bank_account' },
    owner_type: 'individual',
    included: true,
    hidden: false,
    current_balance: { amount: '1250.40', currency: 'AUD' },
    available_balance: { amount: '1250.40', currency: 'AUD' },
    refresh_status: buildRefreshStatus(),
    ...patch,
  };
}

export function buildProviderAccount(patch: Partial<ProviderAccount> = {}): ProviderAccount {
  return {
    id: 11,
    provider_id: 3,
    provider_name: 'Harbour Bank',
    editable: true,
    refresh_status: buildRefreshStatus(),
    ...patch,
  };
}

export function buildGoal(patch: Partial<Goal> = {}): Goal {
  return {
    id: 21,
    name: 'Holiday in Japan',
    description: null,
    account_id: 1,
    tracking_type: 'credit',
    target: 'amount',
    frequency: 'monthly',
    status: 'active',
    currency: 'AUD',
    start_date: '2026-03-01',
    end_date: null,
    target_amount: '8000.00',
    current_amount: '2000.00',
    period_amount: '500.00',
    start_amount: '0.00',
    periods_count: 9,
    current_period: null,
    ...patch,
  };
}
