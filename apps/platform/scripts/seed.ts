import { parseArgs } from 'node:util';
import { isTenantId, type TenantId } from '@waratah/tenants';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/create-database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { demoAdviserPassword, demoToday } from '../src/demo-data/demo-constants.ts';
import { ensureReferenceData } from '../src/demo-data/ensure-reference-data.ts';
import { generateDemoClient } from '../src/demo-data/generate-demo-tenant.ts';
import { createRandom } from '../src/demo-data/random.ts';
import { writeDemoAdvisers } from '../src/demo-data/write-demo-advisers.ts';
import { writeDemoClients } from '../src/demo-data/write-demo-clients.ts';

// `npm run seed -- --clients N --months M [--tenant moneypartner]`: adds N generated clients with M
// months of transactions each to one new adviser practice, on DATABASE_URL or DATA_DIR, for scale
// tests. Each chunk of clients is one transaction; progress and rows per second are printed.
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    months: { type: 'string', default: '12' },
    tenant: { type: 'string', default: 'moneypartner' },
    chunk: { type: 'string', default: '200' },
  },
});
const clients = Number(values.clients);
const months = Number(values.months);
const chunk = Number(values.chunk);
if (!Number.isInteger(clients) || clients < 1) throw new Error('--clients must be a positive whole number');
if (!Number.isInteger(months) || months < 1 || months > 120)
  throw new Error('--months must be between 1 and 120');
if (!isTenantId(values.tenant)) throw new Error(`--tenant must name a tenant, not ${values.tenant}`);
const tenantId: TenantId = values.tenant;

const database = await createDatabase(loadConfig());
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
  const started = Date.now();
  let rows = 0;
  for (let from = 0; from < clients; from += chunk) {
    const batch = Array.from({ length: Math.min(chunk, clients - from) }, (_, offset) =>
      generateDemoClient(random, from + offset, { today: demoToday, emailDomain: domain, months }),
    );
    rows += await database.db
      .transaction()
      .execute((trx) =>
        writeDemoClients(trx, { tenantId, partyId, adviserId, providerIds, today: demoToday }, batch),
      );
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `${from + batch.length}/${clients} clients, ${rows} rows, ${Math.round(rows / seconds)} rows/s`,
    );
  }
  console.log(`Done: sign in as adviser@${domain} (password ${demoAdviserPassword}).`);
} finally {
  await database.close();
}
