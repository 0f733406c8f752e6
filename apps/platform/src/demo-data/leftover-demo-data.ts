import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';

/**
 * The warning a production server without `DEMO_DATA` gives at start when its database still
 * holds demo data: written by a start before 2026-11-30, when every server wrote it, production
 * included. The demo advisers and clients sign in with published passwords (docs/demo-data.md,
 * "Demo data on a production database"); undefined when there is none.
 */
export async function leftoverDemoDataWarning(
  db: Kysely<Database>,
  config: { nodeEnv: string; demoData: boolean },
): Promise<string | undefined> {
  if (config.nodeEnv !== 'production' || config.demoData) return undefined;
  const runs = await db.selectFrom('demo_data_runs').select('tenant_id').orderBy('tenant_id').execute();
  if (runs.length === 0) return undefined;
  const tenants = runs.map((run) => run.tenant_id).join(', ');
  return `This production database holds demo data (${tenants}), written by an earlier start: its demo advisers and clients sign in with published passwords. Suspend them (docs/demo-data.md, "Demo data on a production database"), or set DEMO_DATA=on for a demonstration server.`;
}
