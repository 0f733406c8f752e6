/**
 * Run once per browser-test run (`node --import tsx`, by server-process.ts) into the template that
 * every private server starts from: the schema, the seed and the demo data, as the server's own
 * start would write them, plus one platform operator per password tenant, so journeys can change
 * a tenant's app config through the real admin API. The demo data has no operators; this is test
 * set-up, not product data.
 * Usage: seed-e2e-operators.ts  (DATA_DIR or DATABASE_URL as for the server)
 */
import { adminPermissionAreas } from '@waratah/contracts';
import { createAdminUser } from '../../apps/platform/src/auth/admin-users/create-admin-user.ts';
import { createDatabase } from '../../apps/platform/src/db/create-database.ts';
import { prepareDatabase } from '../../apps/platform/src/db/prepare-database.ts';
import { demoAdviserPassword } from '../../apps/platform/src/demo-data/demo-constants.ts';
import { e2eOperatorEmail, e2eOperatorTenants } from './e2e-operator-accounts.ts';

const dataDir = process.env.DATA_DIR;
const databaseUrl = process.env.DATABASE_URL;
if (!dataDir && !databaseUrl) throw new Error('seed-e2e-operators: set DATA_DIR or DATABASE_URL');

const database = await createDatabase({ dataDir: dataDir ?? '', databaseUrl });
try {
  await prepareDatabase(database.db);
  for (const tenantId of e2eOperatorTenants) {
    await createAdminUser(database.db, {
      tenantId,
      email: e2eOperatorEmail(tenantId),
      password: demoAdviserPassword,
      givenName: 'Olive',
      familyName: 'Operator',
      kind: 'operator',
      roles: ['operator'],
      // Every permission area, as the operators there were before areas were checked (migration 0036).
      permissions: adminPermissionAreas,
    });
  }
} finally {
  await database.close();
}
