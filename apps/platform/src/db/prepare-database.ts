import type { Kysely } from 'kysely';
import { seedDemoData } from '../demo-data/seed-demo-data.ts';
import type { Database } from './database-schema.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDatabase } from './seed.ts';

/**
 * Schema to the latest version, then the seed data, then the demo data (first start only, unless
 * `demoData` is false: the server passes DEMO_DATA, off by default in production); all safe to
 * repeat on every start.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  options: { demoData?: boolean } = {},
): Promise<void> {
  await migrateToLatest(db);
  await seedDatabase(db);
  if (options.demoData ?? true) await seedDemoData(db);
}
