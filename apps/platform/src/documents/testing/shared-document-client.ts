import { type DocumentExport, documentExportResponseSchema } from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { FastifyInstance } from 'fastify';
import { createSignedInAdminUser, tenantHost } from '../../testing/sign-in.ts';
import { adviserWithDocumentClient } from './document-test-client.ts';

type Headers = Record<string, string>;

const day = 24 * 60 * 60 * 1000;

/**
 * Tests only: one client holding `documentFinances` who consents to two practices, A (whose
 * adviser wrote the client) and B, with the headers of A's adviser, B's adviser, the tenant's
 * operator and the client itself, each acting on the client.
 */
export async function clientOfTwoPractices(app: FastifyInstance, tenantId: TenantId = 'moneypartner') {
  const a = await adviserWithDocumentClient(app, tenantId);
  const { clientId } = a;
  const b = await createSignedInAdminUser(app, { tenantId, givenName: 'Blair', familyName: 'Other' });
  const practiceB = b.externalParty?.id ?? 0;
  await app.database.db
    .insertInto('client_links')
    .values({
      tenant_id: tenantId,
      client_id: clientId,
      external_party_id: practiceB,
      consent_status: 'active',
      consent_start: new Date(Date.now() - day),
      consent_expiry: new Date(Date.now() + 300 * day),
    })
    .execute();
  const operator = await createSignedInAdminUser(app, { tenantId, kind: 'operator' });
  const tokens = await app.tokens.issueForSignIn(
    { kind: 'client', id: clientId, tenantId, clientId: 'test-client' },
    { withRefreshToken: false },
  );
  const onClient = { 'x-user-id': String(clientId) };
  const headers = {
    a: a.headers as Headers,
    b: { ...b.headers, ...onClient } as Headers,
    operator: { ...operator.headers, ...onClient } as Headers,
    client: { host: tenantHost(tenantId), authorization: `Bearer ${tokens.accessToken}` } as Headers,
  };
  const linkOf = async (practiceId: number) =>
    (
      await app.database.db
        .selectFrom('client_links')
        .select('id')
        .where('client_id', '=', clientId)
        .where('external_party_id', '=', practiceId)
        .executeTakeFirstOrThrow()
    ).id;

  /** POSTs as `as` and waits until the export is completed (no fixed sleeps). */
  async function produce(as: Headers, url: string, payload: object): Promise<DocumentExport> {
    const created = await app.inject({ method: 'POST', url, headers: as, payload });
    if (created.statusCode !== 202) throw new Error(`${url}: ${created.statusCode} ${created.body}`);
    const { id } = documentExportResponseSchema.parse(created.json()).data;
    for (let tries = 0; tries < 600; tries++) {
      const response = await app.inject({ method: 'GET', url: `/api/v2/documents/${id}`, headers: as });
      const found = documentExportResponseSchema.parse(response.json()).data;
      if (found.status === 'completed') return found;
      if (found.status === 'failed') throw new Error(`${url}: failed ${found.error}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`export ${id} did not finish`);
  }

  return {
    tenantId,
    clientId,
    accountId: a.accountIds[0] ?? 0,
    adviserA: a.adviser,
    practiceA: a.adviser.externalParty?.id ?? 0,
    practiceB,
    headers,
    linkOf,
    produce,
  };
}

export type ClientOfTwoPractices = Awaited<ReturnType<typeof clientOfTwoPractices>>;
