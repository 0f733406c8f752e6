import {
  type DemoCustomerRole,
  demoCustomerId,
  type HolderRuntime,
  registerDataHolder,
} from '@waratah/data-holder';
import type { TenantId } from '@waratah/tenants';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import type { ClientScope } from '../access/resolve-client-scope.ts';
import type { Database } from '../db/database-schema.ts';
import { connectProviderAccount } from '../open-banking/connect-provider-account.ts';
import type { HolderTokenCipher } from '../open-banking/holder-token-cipher.ts';
import { refreshProviderAccount } from '../open-banking/refresh-provider-account.ts';
import {
  registerSimulatedHolderProviders,
  revokeAtSimulatedHolder,
} from '../open-banking/simulated-holder.ts';
import { injectFetch } from './inject-fetch.ts';

/**
 * Where the demo seed reaches the simulated data holder: in-process (the server is not listening
 * while it seeds), so this host exists only for `injectFetch`. With the development tools on, the
 * server points the banks at its own /data-holder once it listens (`open-banking-routes.ts`).
 */
const seedHolderRoot = 'http://demo-holder.invalid/data-holder';

/**
 * The holder's banks the demo clients bank with. Red Gum Savings is left to the browser tests,
 * which switch faults on for the whole bank.
 */
export const demoBankIds = [
  'harbour-bank',
  'southern-cross-cu',
  'outback-mutual',
  'kookaburra-bank',
] as const;

/** What went wrong with a connection after its last good refresh, as the holder answers it. */
export type DemoProblem = 'invalid_credentials' | 'mfa_needed' | 'consent_revoked' | 'outage';
const problems: readonly DemoProblem[] = ['invalid_credentials', 'mfa_needed', 'consent_revoked', 'outage'];

export interface DemoConnection {
  bankId: string;
  customerId: string;
  role: DemoCustomerRole;
  problem?: DemoProblem;
  /** Days before the demo's today that the last good refresh ran (problems: 3–40; others 0). */
  refreshedDaysAgo: number;
}

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const character of text) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * The connections of demo client `index` of a tenant (1–3 banks: the main bank, sometimes a loan
 * or term deposit and a credit card elsewhere), a pure function of tenant and index. `index`
 * spreads the refresh problems as before: every seventh client's main bank, and some second banks.
 */
export function demoConnectionsOf(tenantId: string, index: number): DemoConnection[] {
  const person = `${tenantId}-${index + 1}`;
  const seed = hashOf(person);
  const main = demoBankIds[seed % demoBankIds.length] ?? 'harbour-bank';
  const others = demoBankIds.filter((bank) => bank !== main);
  const plan: { bankId: string; role: DemoCustomerRole }[] = [{ bankId: main, role: 'main' }];
  if (seed % 100 < 45) plan.push({ bankId: others[seed % others.length] ?? main, role: 'loan' });
  if ((seed >>> 8) % 100 < 25) {
    const card = others.filter((bank) => !plan.some((entry) => entry.bankId === bank));
    plan.push({ bankId: card[(seed >>> 4) % card.length] ?? main, role: 'card' });
  }
  const problemAt = index % 7 === 3 ? 0 : index % 11 === 5 && plan.length > 1 ? plan.length - 1 : undefined;
  return plan.map((entry, n) => {
    const problem = n === problemAt ? problems[index % problems.length] : undefined;
    return {
      ...entry,
      customerId: demoCustomerId(person, entry.role),
      ...(problem ? { problem } : {}),
      refreshedDaysAgo: problem ? 3 + ((seed >>> 12) % 38) : 0,
    };
  });
}

export interface DemoHolder {
  runtime: HolderRuntime;
  fetch: typeof fetch;
  providerIds: Record<string, number>;
  close(): Promise<void>;
}

/**
 * The simulated data holder in-process, its clock at the demo's `now`, and its banks listed as
 * open-banking providers; the demo's connections and refreshes go through it.
 */
export async function openDemoHolder(db: Kysely<Database>, now: Date): Promise<DemoHolder> {
  const app = Fastify();
  const runtime = await registerDataHolder(app, { prefix: '/data-holder', now });
  await app.ready();
  const providerIds = await registerSimulatedHolderProviders(db, seedHolderRoot);
  return {
    runtime,
    fetch: injectFetch(app, new URL(seedHolderRoot).host),
    providerIds,
    close: () => app.close(),
  };
}

export interface ConnectDemoClientOptions {
  holder: DemoHolder;
  tokens: HolderTokenCipher;
  now: Date;
}

/**
 * Connects one demo client to its banks and refreshes each connection exactly as a client's own
 * connection is (`connectProviderAccount`, then `refreshProviderAccount`: CDS client → mapping →
 * store). A connection with a problem is refreshed well first, days earlier, then the holder is
 * made to answer with the problem and it is refreshed again, so its status comes from the real
 * classification and its data stays. Answers the provider account ids, main bank first.
 */
export async function connectDemoClient(
  db: Kysely<Database>,
  client: { tenantId: TenantId; clientId: number },
  connections: readonly DemoConnection[],
  { holder, tokens, now }: ConnectDemoClientOptions,
): Promise<number[]> {
  const scope: ClientScope = {
    tenantId: client.tenantId,
    clientId: client.clientId,
    actor: { kind: 'client', tenantId: client.tenantId, clientId: client.clientId, via: 'bearer' },
  };
  const ids: number[] = [];
  for (const connection of connections) {
    const refreshedAt = new Date(now.getTime() - connection.refreshedDaysAgo * 86_400_000);
    holder.runtime.clock.set(refreshedAt);
    const providerId = holder.providerIds[connection.bankId];
    if (providerId === undefined) throw new Error(`The simulated holder has no bank ${connection.bankId}`);
    const providerAccount = await connectProviderAccount(
      db,
      scope,
      { providerId, customerId: connection.customerId, sharingDays: 365 },
      { fetch: holder.fetch, tokens },
    );
    const options = { fetch: holder.fetch, tokens, timeoutMs: 30_000 };
    const refreshed = await refreshProviderAccount(db, providerAccount.id, {
      ...options,
      now: () => refreshedAt,
    });
    if (refreshed.outcome.refreshStatus !== 'success') {
      throw new Error(
        `The demo refresh of ${connection.customerId} at ${connection.bankId} answered ${refreshed.outcome.refreshStatus}`,
      );
    }
    holder.runtime.clock.set(now);
    if (connection.problem) {
      await makeHolderAnswer(db, holder, connection, providerAccount.id);
      await refreshProviderAccount(db, providerAccount.id, { ...options, now: () => now });
      holder.runtime.faults.clear({ bank: connection.bankId, customerId: connection.customerId });
    }
    ids.push(providerAccount.id);
  }
  return ids;
}

async function makeHolderAnswer(
  db: Kysely<Database>,
  holder: DemoHolder,
  connection: DemoConnection,
  providerAccountId: number,
): Promise<void> {
  const { bankId, customerId } = connection;
  switch (connection.problem) {
    case 'consent_revoked': {
      const row = await db
        .selectFrom('provider_accounts as pa')
        .innerJoin('providers as p', 'p.id', 'pa.provider_id')
        .select(['pa.holder_consent_id', 'p.base_url'])
        .where('pa.id', '=', providerAccountId)
        .executeTakeFirstOrThrow();
      if (row.holder_consent_id && row.base_url) {
        await revokeAtSimulatedHolder(row.base_url, row.holder_consent_id, holder.fetch);
      }
      return;
    }
    case 'invalid_credentials':
    case 'mfa_needed':
    case 'outage':
      holder.runtime.faults.set({ bank: bankId, fault: connection.problem, customerId });
      return;
    default:
      return;
  }
}
