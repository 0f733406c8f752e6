import type { AccountType, BudgetCategory, Container } from '@waratah/contracts';

/** A client's generated finances, before ids exist: accounts point at provider accounts by index, transactions at accounts. */
export interface DemoProviderAccount {
  providerName: string;
  status: 'success' | 'adding' | 'updating' | 'needs_action' | 'failed';
  refreshStatus: string | null;
  refreshSubStatus: string | null;
  lastRefreshed: string;
}

export interface DemoAccount {
  providerAccount: number;
  name: string;
  container: Container;
  type: AccountType;
  holder: 'individual' | 'business' | 'trust' | 'unknown';
  number: string | null;
  bsb: string | null;
  /** Cents; negative for what is owed. */
  balanceCents: number;
  hasAvailable: boolean;
}

export interface DemoTransaction {
  account: number;
  date: string;
  cents: number;
  description: string;
  merchant: string | null;
  categoryKey: string;
  budget: BudgetCategory;
  pending: boolean;
}

export interface DemoGoal {
  name: string;
  account: number;
  target: 'open_ended' | 'date' | 'amount' | 'available_balance' | 'current_balance';
  frequency: 'weekly' | 'fortnightly' | 'monthly';
  status: 'unstarted' | 'active' | 'completed' | 'finalising' | 'failed' | 'cancelled';
  startDate: string;
  endDate: string | null;
  targetCents: number;
  periodCents: number;
  currentCents: number;
}

export interface DemoFinances {
  providerAccounts: DemoProviderAccount[];
  accounts: DemoAccount[];
  transactions: DemoTransaction[];
  goals: DemoGoal[];
}
