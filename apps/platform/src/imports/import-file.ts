import { createHash } from 'node:crypto';
import type { FileImport, ImportFileBody } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import { holdConsentFor } from '../access/hold-client-access.ts';
import { recordAudit } from '../access/record-audit.ts';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import { importedText } from '../aggregation/imported-text.ts';
import { transactionCategoryCatalogue } from '../aggregation/transaction-category-catalogue.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { categoriseTransaction } from '../open-banking/categorise-transaction.ts';
import { parseCsv } from './parse-csv.ts';
import { parseOfx } from './parse-ofx.ts';
import { type ImportedRow, ImportFileError } from './parsed-row.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Each row's id for de-duplication: the OFX FITID where the file has one; otherwise a fingerprint
 * of date, amount and description with the row's occurrence among identical rows of the same
 * file, so two real coffees of the same price on one day stay two, and the same file imported
 * again (or a later statement overlapping it) adds nothing. A FITID the file repeats for another
 * transaction (some banks reuse one within a file) is `ofx-FITID#2`, `#3` from its second time on,
 * passing over any the file writes as a FITID of its own: before 2026-12-03 that row was dropped
 * as already stored. A row that repeats an earlier one of its FITID exactly (date, amount and
 * description: an export listing one transaction twice) takes that row's id and is dropped, as it
 * always was (review 146).
 */
export function importIds(rows: readonly ImportedRow[]): string[] {
  const seen = new Map<string, number>();
  const fitIds = new Set(rows.map((row) => row.fileId));
  /** Each FITID's last suffix: 1 for its first time, unsuffixed. */
  const lastSuffix = new Map<string, number>();
  /** The id given to each FITID's rows, by the row's date, amount and description. */
  const idsOfFitId = new Map<string, Map<string, string>>();
  return rows.map((row) => {
    const key = `${row.date}\u0000${row.amount}\u0000${row.description.toLowerCase()}`;
    if (row.fileId) {
      const given = idsOfFitId.get(row.fileId) ?? new Map<string, string>();
      idsOfFitId.set(row.fileId, given);
      const same = given.get(key);
      if (same !== undefined) return same;
      let suffix = (lastSuffix.get(row.fileId) ?? 0) + 1;
      while (suffix > 1 && fitIds.has(`${row.fileId}#${suffix}`)) suffix += 1;
      lastSuffix.set(row.fileId, suffix);
      const id = suffix === 1 ? `ofx-${row.fileId}` : `ofx-${row.fileId}#${suffix}`;
      given.set(key, id);
      return id;
    }
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return `file-${sha256(`${key}\u0000${occurrence}`).slice(0, 40)}`;
  });
}

function toWire(row: {
  id: number;
  account_id: number;
  format: 'csv' | 'ofx';
  file_name: string | null;
  rows_read: number;
  rows_added: number;
  created_at: Date;
}): FileImport {
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/**
 * Imports a CSV (under the client's column mapping) or OFX file into one of the client's accounts,
 * in one transaction: every row is checked first (a bad row names its line and nothing is
 * written), then rows are inserted unless their id is already on the account.
 */
export async function importFile(
  database: Kysely<Database>,
  scope: ClientScope,
  body: ImportFileBody,
): Promise<FileImport> {
  const db = database;
  const account = await db
    .selectFrom('accounts')
    .select(['id', 'currency', 'container'])
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId)
    .where('id', '=', body.account_id)
    .executeTakeFirst();
  if (!account) throw new AppError('not_found', `There is no account ${body.account_id}`);
  let rows: ImportedRow[];
  try {
    rows =
      body.format === 'csv'
        ? parseCsv(body.content, {
            date: body.mapping.date,
            description: body.mapping.description,
            amount: body.mapping.amount,
            debit: body.mapping.debit,
            credit: body.mapping.credit,
            dateFormat: body.mapping.date_format,
            hasHeader: body.mapping.has_header,
          })
        : parseOfx(body.content, account);
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    throw new AppError('validation_failed', error.message, {
      fields: [{ field: 'body.content', message: error.message }],
    });
  }
  const ids = importIds(rows);
  const stored = await database.transaction().execute(async (trx) => {
    // An adviser's import is held to a current consent, as an export or a connection is: one
    // racing a withdrawal waits for it, and then finds the access gone (before 2026-11-29 it wrote
    // after the consent ended, or failed with a 500 on an account the disposal had deleted).
    await holdConsentFor(trx, scope);
    // Then the client's data version, which the rows' trigger bumps, before the account: every
    // writer of the client's data takes it first (docs/api.md, "One lock order"). Taken last, by
    // the trigger, it deadlocked with a connection's delete or a consent's disposal, which hold it
    // and then want the account (before 2026-12-02, a 503 on PostgreSQL).
    await lockClientDataVersion(trx, scope.clientId);
    // And the account to its row, until the rows are in: a bank connection deleted meanwhile (by
    // the client's own disconnect, which no consent holds back) answers 404, not a foreign-key 500.
    const held = await trx
      .selectFrom('accounts')
      .select('id')
      .where('id', '=', account.id)
      .forKeyShare()
      .executeTakeFirst();
    if (!held) throw new AppError('not_found', `There is no account ${body.account_id}`);
    await trx
      .insertInto('transaction_categories')
      .values(transactionCategoryCatalogue.map((category, placement) => ({ ...category, placement })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    let added = 0;
    for (let start = 0; start < rows.length; start += 1_000) {
      const batch = rows.slice(start, start + 1_000).map((row, offset) => {
        // Categorised as it is stored, cut to 1,000 characters: before 2026-12-02 the whole text (of
        // up to megabytes) went through the patterns.
        const description = importedText(row.description);
        const { categoryId, budgetCategory, included } = categoriseTransaction(
          { amount: row.amount, description, merchantCategoryCode: null },
          account,
        );
        return {
          tenant_id: scope.tenantId,
          client_id: scope.clientId,
          account_id: account.id,
          amount: row.amount,
          currency: account.currency,
          base_type: row.amount.startsWith('-') ? ('debit' as const) : ('credit' as const),
          status: 'posted' as const,
          transaction_date: row.date,
          post_date: row.date,
          description_original: description,
          category_id: categoryId,
          budget_category: budgetCategory,
          included,
          external_id: ids[start + offset] ?? null,
        };
      });
      if (batch.length === 0) continue;
      const inserted = await trx
        .insertInto('transactions')
        .values(batch)
        .onConflict((conflict) => conflict.columns(['account_id', 'external_id']).doNothing())
        .returning('id')
        .execute();
      added += inserted.length;
    }
    const record = await trx
      .insertInto('file_imports')
      .values({
        tenant_id: scope.tenantId,
        client_id: scope.clientId,
        account_id: account.id,
        format: body.format,
        file_name: body.file_name ?? null,
        file_sha256: sha256(body.content),
        rows_read: rows.length,
        rows_added: added,
      })
      .returning(['id', 'account_id', 'format', 'file_name', 'rows_read', 'rows_added', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: scope.actor,
      action: 'account.import',
      targetType: 'account',
      targetId: account.id,
      clientId: scope.clientId,
    });
    return record;
  });
  return toWire(stored);
}

/** The client's imports, newest first; of one account when given. */
export async function listFileImports(
  database: Kysely<Database>,
  scope: ClientScope,
  accountId?: number,
): Promise<FileImport[]> {
  let query = database
    .selectFrom('file_imports')
    .select(['id', 'account_id', 'format', 'file_name', 'rows_read', 'rows_added', 'created_at'])
    .where('tenant_id', '=', scope.tenantId)
    .where('client_id', '=', scope.clientId);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  return (await query.orderBy('id', 'desc').execute()).map(toWire);
}
