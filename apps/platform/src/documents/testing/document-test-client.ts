import { createHash } from 'node:crypto';
import { type DocumentExport, documentExportResponseSchema } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { toCents } from '../../aggregation/cents.ts';
import type { DemoFinances } from '../../demo-data/demo-finances-types.ts';
import { sydneyToday } from '../../reports/sydney-calendar.ts';
import { createSignedInAdminUser } from '../../testing/sign-in.ts';
import { writeTestClient } from '../../testing/write-test-client.ts';
import { documentFinances } from './document-finances.ts';

/** Tests only: an adviser of `tenantId` acting for a client holding `finances` (`documentFinances`). */
export async function adviserWithDocumentClient(
  app: FastifyInstance,
  tenantId: TenantId,
  finances: DemoFinances = documentFinances(sydneyToday()),
) {
  const adviser = await createSignedInAdminUser(app, { tenantId, givenName: 'Alex', familyName: 'Adviser' });
  const client = await writeTestClient(app.database.db, {
    tenantId,
    partyId: adviser.externalParty?.id ?? 0,
    adviserId: adviser.adminUser.id,
    finances,
  });
  const headers = { ...adviser.headers, 'x-user-id': String(client.clientId) };

  /** Polls the export until it is completed or failed (no fixed sleeps). */
  async function settled(id: string): Promise<DocumentExport> {
    for (let tries = 0; tries < 600; tries++) {
      const response = await app.inject({ method: 'GET', url: `/api/v2/documents/${id}`, headers });
      const found = documentExportResponseSchema.parse(response.json()).data;
      if (found.status === 'completed' || found.status === 'failed') return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`export ${id} did not finish`);
  }

  /** POSTs, waits, downloads: the export and its file, checked to match its recorded SHA-256. */
  async function produce(url: string, payload: object) {
    const created = await app.inject({ method: 'POST', url, headers, payload });
    if (created.statusCode !== 202) throw new Error(`${url}: ${created.statusCode} ${created.body}`);
    const queued = documentExportResponseSchema.parse(created.json()).data;
    const done = await settled(queued.id);
    if (done.status !== 'completed') throw new Error(`${url}: ${done.status} ${done.error}`);
    const file = await app.inject({ method: 'GET', url: done.download_path, headers });
    const bytes = file.rawPayload;
    if (createHash('sha256').update(bytes).digest('hex') !== done.sha256) throw new Error('SHA-256 differs');
    return { queued, done, file, bytes };
  }

  /** The API's own transactions of some accounts and dates (every page), as whole cents. */
  async function apiTransactions(query: {
    account_ids?: string;
    from_date?: string;
    to_date?: string;
    status?: 'posted' | 'pending';
  }) {
    const all: { id: number; account_id: number; date: string; cents: number; included: boolean }[] = [];
    let after: string | undefined;
    do {
      const search = new URLSearchParams({ ...query, size: '500', ...(after ? { after } : {}) });
      const response = await app.inject({ method: 'GET', url: `/api/v2/transactions?${search}`, headers });
      const body = response.json() as {
        data: {
          id: number;
          account_id: number;
          transaction_date: string;
          amount: { amount: string };
          included: boolean;
        }[];
        paging: { cursors: { after?: string } };
      };
      if (response.statusCode !== 200) throw new Error(response.body);
      for (const tx of body.data) {
        all.push({
          id: tx.id,
          account_id: tx.account_id,
          date: tx.transaction_date,
          cents: toCents(tx.amount.amount),
          included: tx.included,
        });
      }
      after = body.data.length > 0 ? body.paging.cursors.after : undefined;
    } while (after);
    return all;
  }

  /** The API's current balance of an account, in cents. */
  async function apiBalance(accountId: number): Promise<number> {
    const response = await app.inject({ method: 'GET', url: `/api/v2/accounts/${accountId}`, headers });
    return toCents(
      (response.json() as { data: { current_balance: { amount: string } } }).data.current_balance.amount,
    );
  }

  return { adviser, ...client, headers, settled, produce, apiTransactions, apiBalance };
}
