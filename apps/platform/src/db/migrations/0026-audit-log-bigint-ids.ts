import { type Kysely, sql } from 'kysely';

// The audit log gains a row for every read of client data and every change (access/record-audit.ts),
// so it is the one table whose `integer` identity can run out: at a hundred entries a second, 2³¹
// ids last about eight months. Its ids become `bigint` (PostgreSQL moves the identity's sequence
// to `bigint` with the column). The entries' API keeps answering ids as JSON numbers, exact up to
// 2⁵³ (access/list-audit-log.ts). On a large log the change rewrites the table under an exclusive
// lock, and every audited request waits for it: deploy this version in a quiet hour. Safe to apply
// again: a log already on `bigint` is left alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if (select atttypid from pg_attribute
          where attrelid = 'audit_log'::regclass and attname = 'id') = 'integer'::regtype then
        alter table audit_log alter column id type bigint;
      end if;
    end
    $$`.execute(db);
}
