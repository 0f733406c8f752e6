import {
  type DocumentExport,
  type DocumentKind,
  type DocumentStatus,
  documentContentTypes,
} from '@waratah/contracts';
import { type ColumnType, type Kysely, type Selectable, sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';

type Timestamp = ColumnType<Date, Date | undefined, Date>;
type DateColumn = ColumnType<string, string, string>;

/** What an export asks for, kept with it so that the job can generate it later (jsonb). */
export interface ExportParams {
  actor: Principal;
  periodLabel: string | null;
  accountId?: number;
  accountIds?: number[];
  /** A passport's connections: the accounts of these only (with `accountIds`, those both name). */
  providerAccountIds?: number[];
}

/** The `document_exports` table of migration 0007. */
export interface DocumentExportsTable {
  id: string;
  tenant_id: string;
  client_id: number;
  requested_by: string;
  kind: DocumentKind;
  status: ColumnType<DocumentStatus, DocumentStatus | undefined, DocumentStatus>;
  params: ColumnType<ExportParams, string, string>;
  period: string | null;
  from_date: DateColumn | null;
  to_date: DateColumn | null;
  file_name: string;
  content_type: string;
  sha256: string | null;
  size_bytes: number | null;
  storage: 'database' | 'disk' | 's3' | null;
  storage_key: string | null;
  content: Buffer | null;
  job_id: string | null;
  error: string | null;
  created_at: Timestamp;
  completed_at: Date | null;
}

export type DocumentsDatabase = Database & { document_exports: DocumentExportsTable };

export function withExports(db: Kysely<Database>): Kysely<DocumentsDatabase> {
  return db.withTables<{ document_exports: DocumentExportsTable }>();
}

/** The export's columns except the file itself. */
export const exportColumns = [
  'id',
  'tenant_id',
  'client_id',
  'requested_by',
  'kind',
  'status',
  'params',
  'period',
  // As text: `pg` turns a date into a local-midnight Date, PGlite into a UTC one.
  sql<string | null>`from_date::text`.as('from_date'),
  sql<string | null>`to_date::text`.as('to_date'),
  'file_name',
  'content_type',
  'sha256',
  'size_bytes',
  'storage',
  'storage_key',
  'job_id',
  'error',
  'created_at',
  'completed_at',
] as const;

/** An export as read, without its file. */
export type ExportRow = Selectable<Omit<DocumentExportsTable, 'content'>>;

/** Where each kind is downloaded from (spec §7 paths where the spec names one). */
export function downloadPath(kind: DocumentKind, id: string): string {
  switch (kind) {
    case 'financial_passport':
      return `/api/v2/financialpassport/exports/${id}`;
    case 'statement':
      return `/api/v2/statements/${id}`;
    case 'account_summary':
      return `/api/v2/accounts/summary/${id}`;
    default:
      return `/api/v2/documents/${id}/file`;
  }
}

const isoDate = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

export function toWireExport(row: ExportRow): DocumentExport {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    period: row.period,
    from_date: isoDate(row.from_date),
    to_date: isoDate(row.to_date),
    account_id: row.params.accountId ?? null,
    file_name: row.file_name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    error: row.error,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    download_path: downloadPath(row.kind, row.id),
  };
}

/** The extension of an export's file, by its content type. */
export function extensionOf(contentType: string): 'pdf' | 'xlsx' {
  return contentType === documentContentTypes.xlsx ? 'xlsx' : 'pdf';
}

/** Who asked, as the audit log names principals. */
export function requesterOf(actor: Principal): string {
  return actor.kind === 'admin_user' ? `admin_user:${actor.adminUserId}` : `client:${actor.clientId}`;
}
