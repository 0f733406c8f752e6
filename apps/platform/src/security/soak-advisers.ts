import { parseArgs } from 'node:util';
import type { TenantId } from '@waratah/tenants';
import { createAdminUser } from '../auth/admin-users/create-admin-user.ts';
import { loadConfig } from '../config/env.ts';
import { createDatabase } from '../db/create-database.ts';
import { prepareDatabase } from '../db/prepare-database.ts';
import { demoAdviserPassword } from '../demo-data/demo-constants.ts';

// Used by the soak of `npm run bench` (bench/src/soak.ts), on DATA_DIR or DATABASE_URL while the
// platform is stopped:
//   tsx soak-advisers.ts prepare --count N --colleague-of EMAIL
//     N advisers of EMAIL's practice (made once, with the demo password), so that they see its
//     clients; prints their e-mails, one a line.
//   tsx soak-advisers.ts count --since ISO-TIME
//     the transaction changes those advisers' audit rows record since then: each is written in the
//     transaction of its change, so every acknowledged change must have one.
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    count: { type: 'string', default: '200' },
    'colleague-of': { type: 'string' },
    since: { type: 'string' },
  },
});
const emailPattern = 'soak.adviser.%@bench.moneypartner.example';

const database = await createDatabase(loadConfig());
try {
  await prepareDatabase(database.db);
  const db = database.db;
  if (positionals[0] === 'prepare') {
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive whole number');
    const colleague = await db
      .selectFrom('admin_users')
      .select(['tenant_id', 'external_party_id'])
      .where('email', '=', values['colleague-of'] ?? '')
      .executeTakeFirstOrThrow();
    const existing = new Set(
      (await db.selectFrom('admin_users').select('email').where('email', 'like', emailPattern).execute()).map(
        (row) => row.email,
      ),
    );
    const emails = Array.from({ length: count }, (_, index) => emailPattern.replace('%', String(index + 1)));
    for (const [index, email] of emails.entries()) {
      if (existing.has(email)) continue;
      await createAdminUser(db, {
        tenantId: colleague.tenant_id as TenantId,
        email,
        password: demoAdviserPassword,
        givenName: 'Soak',
        familyName: `Adviser ${index + 1}`,
        kind: 'adviser',
        externalPartyId: colleague.external_party_id,
      });
    }
    console.log(emails.join('\n'));
  } else if (positionals[0] === 'count') {
    const since = new Date(values.since ?? '');
    if (Number.isNaN(since.getTime())) throw new Error('--since must be a date and time');
    const row = await db
      .selectFrom('audit_log')
      .innerJoin('admin_users', 'admin_users.id', 'audit_log.actor_id')
      .select((eb) => eb.fn.countAll<string>().as('changes'))
      .where('audit_log.actor_kind', '=', 'admin_user')
      .where('audit_log.action', '=', 'transactions.update')
      .where('audit_log.at', '>=', since)
      .where('admin_users.email', 'like', emailPattern)
      .executeTakeFirstOrThrow();
    console.log(String(row.changes));
  } else {
    throw new Error(
      'usage: soak-advisers.ts prepare --count N --colleague-of EMAIL | count --since ISO-TIME',
    );
  }
} finally {
  await database.close();
}
