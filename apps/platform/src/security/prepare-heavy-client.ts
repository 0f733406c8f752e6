import { parseArgs } from 'node:util';
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/create-database.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { demoAdviserPassword } from '../demo-data/demo-constants.ts';
import { ensureReferenceData } from '../demo-data/ensure-reference-data.ts';
import { generateDemoClient } from '../demo-data/generate-demo-tenant.ts';
import { createRandom } from '../demo-data/random.ts';
import { writeDemoAdvisers } from '../demo-data/write-demo-advisers.ts';
import { writeDemoClients } from '../demo-data/write-demo-clients.ts';
import { advancePracticeGoals } from '../goals/goal-progress.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { liveTestConsent } from '../testing/live-test-consent.ts';

// Used by `npm run bench` (bench/src/api-benchmarks.ts): `tsx prepare-heavy-client.ts --transactions N` on DATA_DIR or DATABASE_URL: one adviser with one
// client holding N transactions (the platform's demo generator, its 24 months repeated until N),
// written through the platform's own demo-data code. Prints the adviser's e-mail as the last line.
const { values } = parseArgs({ options: { transactions: { type: 'string', default: '100000' } } });
const wanted = Number(values.transactions);
if (!Number.isInteger(wanted) || wanted < 1)
  throw new Error('--transactions must be a positive whole number');

const database = await createDatabase(loadConfig());
try {
  await prepareDatabase(database.db);
  const providerIds = await ensureReferenceData(database.db);
  const email = 'heavy.adviser@bench.moneypartner.example';
  const { adviserId, partyId } = await writeDemoAdvisers(
    database.db,
    'moneypartner',
    [
      {
        email,
        givenName: 'Heavy',
        familyName: 'Bench',
        party: { name: 'Bench Heavy Practice', status: 'enabled', profession: 'advisor' },
      },
    ],
    demoAdviserPassword,
  );
  // Dated from the real today: the passport's default period, the last 12 months, follows the clock.
  const today = sydneyToday();
  const client = generateDemoClient(createRandom(2026), 0, {
    today,
    emailDomain: 'bench.moneypartner.example',
    months: 24,
  });
  const pattern = client.finances.transactions;
  if (pattern.length === 0) throw new Error('The demo generator made no transactions');
  const transactions = Array.from({ length: wanted }, (_, index) => pattern[index % pattern.length]).filter(
    (transaction) => transaction !== undefined,
  );
  await database.db.transaction().execute((trx) =>
    writeDemoClients(trx, { tenantId: 'moneypartner', partyId, adviserId, providerIds, today }, [
      {
        ...client,
        consent: liveTestConsent('active'),
        finances: { ...client.finances, transactions },
      },
    ]),
  );
  // Its goals worked out now, as the demo's are, not by the server's first goal-progress run.
  await advancePracticeGoals(database.db, partyId, today);
  console.log(email);
} finally {
  await database.close();
}
