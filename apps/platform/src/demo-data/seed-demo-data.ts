import { tenantIds } from '@waratah/tenants';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { demoAdviserPassword, demoGeneratorVersion, demoToday } from './demo-constants.ts';
import { ensureReferenceData } from './ensure-reference-data.ts';
import { generateDemoTenant } from './generate-demo-tenant.ts';
import { writeDemoAdvisers } from './write-demo-advisers.ts';
import { writeDemoClients } from './write-demo-clients.ts';

export interface DemoSeedOptions {
  today?: string;
  clientCount?: number;
  /** Defaults to the documented demo password. */
  password?: string;
}

/**
 * Writes the demo data of every tenant that has none yet: the demo_data_runs row, written in the
 * same transaction, marks a tenant as done, so a restart never seeds twice and a failed seed
 * leaves nothing behind. Answers the rows written.
 */
export async function seedDemoData(db: Kysely<Database>, options: DemoSeedOptions = {}): Promise<number> {
  const seeded = new Set(
    (await db.selectFrom('demo_data_runs').select('tenant_id').execute()).map((row) => row.tenant_id),
  );
  const pending = tenantIds.filter((tenantId) => !seeded.has(tenantId));
  if (pending.length === 0) return 0;
  const password = options.password ?? demoAdviserPassword;
  let rows = 0;
  for (const tenantId of pending) {
    rows += await db.transaction().execute(async (trx) => {
      const providerIds = await ensureReferenceData(trx);
      const today = options.today ?? demoToday;
      const tenant = generateDemoTenant(tenantId, today, options.clientCount);
      const { adviserId, partyId } = await writeDemoAdvisers(trx, tenantId, tenant.advisers, password);
      const written = await writeDemoClients(
        trx,
        { tenantId, partyId, adviserId, providerIds, today },
        tenant.clients,
      );
      await trx
        .insertInto('demo_data_runs')
        .values({ tenant_id: tenantId, generator_version: demoGeneratorVersion })
        .execute();
      return written;
    });
  }
  return rows;
}
