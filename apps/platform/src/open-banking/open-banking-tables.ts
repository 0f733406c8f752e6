import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';

type Timestamp = ColumnType<Date, Date | undefined, Date>;
type Id = ColumnType<number, number | undefined, never>;

/** The columns and tables migration 0008 adds (open-banking refresh, consent configuration, file import). */
export type OpenBankingTables = {
  provider_accounts: {
    /** Who the client is at the data holder (the simulated holder's customer id). */
    holder_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
    holder_consent_id: ColumnType<string | null, string | null | undefined, string | null>;
    holder_access_token: ColumnType<string | null, string | null | undefined, string | null>;
    holder_consent_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    /** Temporary failures in a row; the back-off grows with it and a success resets it. */
    refresh_failures: ColumnType<number, number | undefined, number>;
  };
  accounts: {
    /** The source's id of the account (CDS accountId, or `file-…` for an imported account). */
    external_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  cdr_configs: {
    id: Id;
    tenant_id: string;
    external_id: string;
    is_default: ColumnType<boolean, boolean | undefined, boolean>;
    display_name: string;
    support_email: string;
    cdr_policy_url: string;
    model: 'affiliate' | 'principal' | 'representative';
    sharing_durations: ColumnType<{ duration: number; description: string }[], string, string>;
    sharing_use_duration: number;
    created_at: Timestamp;
  };
  file_imports: {
    id: Id;
    tenant_id: string;
    client_id: number;
    account_id: number;
    format: 'csv' | 'ofx';
    file_name: string | null;
    file_sha256: string;
    rows_read: number;
    rows_added: number;
    created_at: Timestamp;
  };
};

export type OpenBankingDatabase = Database & OpenBankingTables;

/** The platform database seen with migration 0008's columns and tables. */
export function withOpenBanking(db: Kysely<Database>): Kysely<OpenBankingDatabase> {
  return db.withTables<OpenBankingTables>() as unknown as Kysely<OpenBankingDatabase>;
}
