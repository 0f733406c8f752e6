/** The aggregation value sets of spec §3, shared by the database checks, the wire and the demo data. */
export const accountTypes = [
  'auto_insurance',
  'bank_account',
  'balance_transfer_card',
  'bills',
  'bonds',
  'business',
  'business_loan',
  'car_loan',
  'cash',
  'cash_management',
  'cheque_account',
  'collection',
  'commercial_bill',
  'contents_insurance',
  'contingent_liability',
  'credit_card',
  'credit_score',
  'cryptocurrency',
  'emergency_fund',
  'health_insurance',
  'health_score',
  'hire_purchase',
  'home_content',
  'home_insurance',
  'insurance',
  'intellectual_property',
  'investment',
  'investment_home_loan_fixed',
  'investment_home_loan_variable',
  'lease',
  'life_insurance',
  'line_of_credit',
  'loan',
  'managed_funds',
  'margin',
  'mortgage',
  'mortgage_fixed',
  'mortgage_variable',
  'offset',
  'other',
  'overdraft',
  'p2p_lending',
  'pension',
  'personal',
  'prepaid',
  'property',
  'reward',
  'rewards_card',
  'savings',
  'shares',
  'stock_machinery',
  'store_card',
  'student_loan',
  'super_annuation',
  'tax_debt',
  'term_deposit',
  'term_loan',
  'trade_tools',
  'travel',
  'travel_insurance',
  'vehicle',
  'trade_finance',
] as const;
export type AccountType = (typeof accountTypes)[number];

export const holderTypes = ['business', 'individual', 'trust', 'unknown'] as const;
export type HolderType = (typeof holderTypes)[number];

export const providerStatuses = [
  'supported',
  'unsupported',
  'disabled',
  'beta',
  'outage',
  'coming_soon',
] as const;
export type ProviderStatus = (typeof providerStatuses)[number];

export const containers = [
  'bank',
  'credit_card',
  'investment',
  'loan',
  'bill',
  'insurance',
  'reward',
  'unknown',
  'credit_score',
  'asset',
] as const;
export type Container = (typeof containers)[number];

export const aggregatorTypes = ['cdr', 'demo', 'manual'] as const;
export type AggregatorType = (typeof aggregatorTypes)[number];

export const providerAccountStatuses = ['success', 'adding', 'updating', 'needs_action', 'failed'] as const;
export type ProviderAccountStatus = (typeof providerAccountStatuses)[number];

export const refreshStatuses = [
  'success',
  'partial_success',
  'input_required',
  'provider_site_action',
  'relogin_required',
  'temporary_failure',
  'permanent_failure',
  'email_required',
  'last_name_required',
] as const;
export type RefreshStatus = (typeof refreshStatuses)[number];

export const refreshSubStatuses = [
  'additional_login',
  'mfa_needed',
  'mfa_failed',
  'mfa_timeout',
  'registration_failed',
  'registration_invalid',
  'logout_required',
  'password_expired',
  'account_locked',
  'invalid_language',
  'accept_splash',
  'accept_terms_conditions',
  'verify_personal_details',
  'registration_incomplete',
  'registration_duplicate',
  'mfa_enrollment_needed',
  'mfa_invalid_token',
  'invalid_credentials',
  'verify_credentials',
  'login_cancelled',
  'site_error',
  'aggregation_error',
  'aggregation_beta',
  'site_closed',
  'site_unsupported',
  'account_not_found',
  'account_not_supported',
  'account_closed',
  'unknown_error',
] as const;
export type RefreshSubStatus = (typeof refreshSubStatuses)[number];

export const accountStatuses = ['active', 'inactive', 'to_be_closed', 'closed'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const budgetCategories = ['income', 'living', 'lifestyle', 'goals', 'one_off'] as const;
export type BudgetCategory = (typeof budgetCategories)[number];

export const baseTypes = ['debit', 'credit'] as const;
export type BaseType = (typeof baseTypes)[number];

export const transactionStatuses = ['pending', 'posted'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const categoryTypes = ['income', 'expense', 'transfer', 'uncategorize'] as const;
export type CategoryType = (typeof categoryTypes)[number];
