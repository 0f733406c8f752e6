import type { Goal } from '@waratah/contracts';

/** A goal as `GET api/v2/goals` answers it, for tests; an active monthly goal unless told. */
export function buildGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 1,
    name: 'House deposit',
    description: null,
    account_id: 11,
    tracking_type: 'credit',
    target: 'amount',
    frequency: 'monthly',
    status: 'active',
    currency: 'AUD',
    start_date: '2026-01-01',
    end_date: '2027-12-31',
    target_amount: '20000.00',
    current_amount: '5000.00',
    period_amount: '800.00',
    start_amount: '0.00',
    periods_count: 11,
    current_period: null,
    ...overrides,
  };
}
