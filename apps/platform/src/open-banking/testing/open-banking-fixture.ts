import { type HolderRuntime, registerDataHolder } from '@waratah/data-holder';
import Fastify from 'fastify';
import type { ClientScope } from '../../access/resolve-client-scope.ts';
import type { PlatformDatabase } from '../../db/platform-database.ts';
import { seedDatabase } from '../../db/seed.ts';
import { injectFetch } from '../../demo-data/inject-fetch.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { connectProviderAccount } from '../connect-provider-account.ts';
import type { HolderTokenCipher } from '../holder-token-cipher.ts';
import { registerSimulatedHolderProviders } from '../simulated-holder.ts';
import { tooManyRequestsError } from './fake-cds-holder.ts';

/** The simulated holder's fixed clock in these tests. */
export const holderNow = new Date('2026-11-20T03:00:00Z');

/**
 * A migrated test database with the simulated data holder's banks as providers, and the holder
 * itself in-process (a fixed clock; reached through `fetch`), for refresh and consent tests.
 */
export async function openBankingFixture() {
  const database: PlatformDatabase = await createTestDatabase();
  await seedDatabase(database.db);
  const holderApp = Fastify();
  const holder: HolderRuntime = await registerDataHolder(holderApp, {
    now: holderNow,
    timeoutDelayMs: 2_000,
  });
  await holderApp.ready();
  const inject = injectFetch(holderApp, 'holder.test');
  // `inject` ignores abort signals; a real fetch gives up at the signal, so this one does too.
  const fetch = ((input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal;
    if (!signal) return inject(input, init);
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      inject(input, init).then(resolve, reject);
    });
  }) as typeof globalThis.fetch;
  const providerIds = await registerSimulatedHolderProviders(database.db, 'http://holder.test/data-holder');
  let sequence = 0;

  async function newClient(): Promise<ClientScope> {
    sequence += 1;
    const row = await database.db
      .insertInto('clients')
      .values({
        tenant_id: 'waratah',
        email: `ob-${sequence}-${Date.now()}@example.test`,
        given_name: 'Open',
        family_name: `Banking ${sequence}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      tenantId: 'waratah',
      clientId: row.id,
      actor: { kind: 'client', tenantId: 'waratah', clientId: row.id, via: 'bearer' },
    };
  }

  /** A new client connected to `bank` as holder customer `customerId` (tokens sealed with `tokens`, default the test key); answers the provider account. */
  async function connect(bank: string, customerId: string, tokens?: HolderTokenCipher) {
    const scope = await newClient();
    const providerAccount = await connectProviderAccount(
      database.db,
      scope,
      { providerId: providerIds[bank] ?? 0, customerId, sharingDays: 365 },
      { fetch, ...(tokens ? { tokens } : {}) },
    );
    return { scope, providerAccount };
  }

  /** The holder, but its account list answers 429 asking for `retryAfterSeconds` (`Retry-After`). */
  const rateLimitedFetch =
    (retryAfterSeconds: number): typeof globalThis.fetch =>
    async (input, init) =>
      new URL(String(input instanceof Request ? input.url : input)).pathname.endsWith('/banking/accounts')
        ? Response.json(
            {
              errors: [tooManyRequestsError],
            },
            { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } },
          )
        : fetch(input, init);

  return {
    db: database.db,
    holder,
    fetch,
    rateLimitedFetch,
    providerIds,
    newClient,
    connect,
    refreshOptions: { fetch, now: () => holder.clock.now(), timeoutMs: 500 },
    close: async () => {
      await holderApp.close();
      await database.close();
    },
  };
}
