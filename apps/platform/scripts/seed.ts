import { parseArgs } from 'node:util';
import { isTenantId, type TenantId } from '@waratah/tenants';
import { sql } from 'kysely';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/create-database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { demoAdviserPassword } from '../src/demo-data/demo-constants.ts';
import { ensureReferenceData } from '../src/demo-data/ensure-reference-data.ts';
import { generateDemoClient } from '../src/demo-data/generate-demo-tenant.ts';
import { createRandom } from '../src/demo-data/random.ts';
import { writeDemoAdvisers } from '../src/demo-data/write-demo-advisers.ts';
import { writeDemoClients } from '../src/demo-data/write-demo-clients.ts';
import { lockDataDir } from '../src/faults/data-dir-lock.ts';
import { advancePracticeGoals } from '../src/goals/goal-progress.ts';
import { sydneyToday } from '../src/reports/sydney-calendar.ts';

// `npm run seed -- --clients N --months M [--tenant moneypartner] [--chunk C] [--parallel P]`: adds N
// generated clients with M months of transactions each to one new adviser practice, on DATABASE_URL
// or DATA_DIR, for scale tests (about 410 transactions per client over 12 months: `--clients 24500
// --months 12` writes some 10 million). Each chunk of clients is one transaction of multi-row
// inserts; on PostgreSQL up to P chunks are written at once on separate connections while the next
// ones are generated (PGlite has one session, so there P is 1). Progress, rows per second and the
// time left are printed; the new clients' goals are worked out as of today, and the tables analysed
// at the end so that plans see the new sizes.
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    months: { type: 'string', default: '12' },
    tenant: { type: 'string', default: 'moneypartner' },
    chunk: { type: 'string', default: '200' },
    parallel: { type: 'string', default: '2' },
  },
});
const clients = Number(values.clients);
const months = Number(values.months);
const chunk = Number(values.chunk);
const parallelAsked = Number(values.parallel);
if (!Number.isInteger(clients) || clients < 1) throw new Error('--clients must be a positive whole number');
if (!Number.isInteger(months) || months < 1 || months > 120)
  throw new Error('--months must be between 1 and 120');
if (!Number.isInteger(chunk) || chunk < 1) throw new Error('--chunk must be a positive whole number');
if (!Number.isInteger(parallelAsked) || parallelAsked < 1 || parallelAsked > 16)
  throw new Error('--parallel must be between 1 and 16');
if (!isTenantId(values.tenant)) throw new Error(`--tenant must name a tenant, not ${values.tenant}`);
const tenantId: TenantId = values.tenant;

const config = loadConfig();
// The embedded database's lock, as the server takes it: the seed and `npm start` on one directory
// at once would corrupt it (since 2026-12-03; before, nothing stopped it).
const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
const database = await createDatabase(config);
try {
  await prepareDatabase(database.db);
  const providerIds = await ensureReferenceData(database.db);
  const run = Date.now().toString(36);
  const domain = `scale-${run}.${tenantId}.example`;
  const { adviserId, partyId } = await writeDemoAdvisers(
    database.db,
    tenantId,
    [
      {
        email: `adviser@${domain}`,
        givenName: 'Scale',
        familyName: 'Test',
        party: { name: `Scale Test ${run}`, status: 'enabled', profession: 'advisor' },
      },
    ],
    demoAdviserPassword,
  );
  const random = createRandom(clients * 31 + months);
  // Dated from the real today, as the server's demo is: the reports' default periods follow the clock.
  const today = sydneyToday();
  const parallel = database.engine === 'postgres' ? parallelAsked : 1;
  const started = Date.now();
  let rows = 0;
  let written = 0;
  const inFlight = new Set<Promise<void>>();
  for (let from = 0; from < clients; from += chunk) {
    // Generated in order (the data stays the same for the same arguments and day), written concurrently.
    const batch = Array.from({ length: Math.min(chunk, clients - from) }, (_, offset) =>
      generateDemoClient(random, from + offset, { today, emailDomain: domain, months }),
    );
    const write = database.db
      .transaction()
      .execute((trx) => writeDemoClients(trx, { tenantId, partyId, adviserId, providerIds, today }, batch))
      .then((count) => {
        rows += count;
        written += batch.length;
        const seconds = (Date.now() - started) / 1000;
        const left = Math.round((seconds / written) * (clients - written));
        console.log(
          `${written}/${clients} clients, ${rows} rows, ${Math.round(rows / seconds)} rows/s, about ${left} s left`,
        );
      });
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write)).catch(() => undefined);
    if (inFlight.size >= parallel) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  // As the demo's are: this practice's goals worked out as of today now, not by the server's first
  // goal-progress run (some 20–30 s of a core at its start for 10,000 clients, while anything
  // measured shared it). A goal that fails is left to that run.
  const goals = await advancePracticeGoals(database.db, partyId, today, {
    onError: (goalId, error) => console.error(`Goal ${goalId} was not worked out: ${String(error)}`),
  });
  console.log(
    `Worked out ${goals} goals as of ${today} (${Math.round((Date.now() - started) / 1000)} s so far).`,
  );
  console.log('Analysing the tables…');
  await sql`analyze`.execute(database.db);
  console.log(`Done: sign in as adviser@${domain} (password ${demoAdviserPassword}).`);
} finally {
  await database.close();
  await unlock?.();
}
