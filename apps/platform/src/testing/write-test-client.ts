import type { Kysely } from 'kysely';
import type { ConsentStatus, Database } from '../db/database-schema.ts';
import { fixedDemoToday } from '../demo-data/demo-constants.ts';
import type { DemoFinances } from '../demo-data/demo-finances-types.ts';
import { ensureReferenceData } from '../demo-data/ensure-reference-data.ts';
import { writeDemoClients } from '../demo-data/write-demo-clients.ts';
import { liveTestConsent } from './live-test-consent.ts';

export interface TestClientInput {
  tenantId: string;
  partyId: number;
  adviserId: number;
  consent?: { status: ConsentStatus; start: string | null; expiry: string | null };
  finances?: Partial<DemoFinances>;
  email?: string;
  /** Default 'Test' and 'Client {n}'. */
  givenName?: string;
  familyName?: string;
  /**
   * The day the client's goal periods run up to (default `fixedDemoToday`, for fixed figures). A
   * withdrawal is dated 30 days after the consent's start or the day before this, but never before
   * the start: a withdrawn `liveTestConsent` needs the real today here for a withdrawal after its
   * start (get-practice-consents.test.ts).
   */
  today?: string;
}

let sequence = 0;

/**
 * One client with hand-built finances, written by the same code as the demo data: for tests that
 * need exact figures. Answers the client's id and the ids its accounts and transactions got.
 */
export async function writeTestClient(db: Kysely<Database>, input: TestClientInput) {
  const providerIds = await ensureReferenceData(db);
  sequence += 1;
  const email = input.email ?? `client-${sequence}-${Date.now()}@example.test`;
  await writeDemoClients(
    db,
    {
      tenantId: input.tenantId,
      partyId: input.partyId,
      adviserId: input.adviserId,
      providerIds,
      today: input.today ?? fixedDemoToday,
    },
    [
      {
        email,
        givenName: input.givenName ?? 'Test',
        familyName: input.familyName ?? `Client ${sequence}`,
        mobile: '+61 400000000',
        consent: input.consent ?? liveTestConsent('active'),
        finances: { providerAccounts: [], accounts: [], transactions: [], goals: [], ...input.finances },
      },
    ],
  );
  const client = await db
    .selectFrom('clients')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const accountIds = (
    await db.selectFrom('accounts').select('id').where('client_id', '=', client.id).orderBy('id').execute()
  ).map((row) => row.id);
  const transactionIds = (
    await db
      .selectFrom('transactions')
      .select('id')
      .where('client_id', '=', client.id)
      .orderBy('id')
      .execute()
  ).map((row) => row.id);
  return { clientId: client.id, accountIds, transactionIds };
}
