import { type Kysely, sql } from 'kysely';

// A version of each client's financial data (issue 10): a number that grows with every statement
// that writes the client's transactions or accounts, in the writing transaction itself. The
// platform keeps answers computed from that data (a page of transactions, a summary, the financial
// passport) under the version they were computed at (access/client-answer-cache.ts); the access
// check reads the version, so a write is seen by the next request on any instance.
//
// Statement triggers with transition tables, as for the monthly totals (migration 0009): every
// write path, present and future, bumps the version without calling anything. No foreign key: a
// client's rows cascade away with the client, and the trigger of that cascade must not fail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table client_data_versions (
      client_id integer primary key,
      version bigint not null
    )`.execute(db);

  // Clients in id order, so two writers of several clients lock their rows in the same order. Each
  // branch names only the transition tables its kind of statement has (PL/pgSQL plans a statement
  // when it first runs it).
  await sql`
    create function client_data_versions_bump() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into client_data_versions as v (client_id, version)
          select distinct client_id, 1 from new_rows order by client_id
        on conflict (client_id) do update set version = v.version + 1;
      elsif tg_op = 'UPDATE' then
        insert into client_data_versions as v (client_id, version)
          select client_id, 1 from (select client_id from new_rows union select client_id from old_rows) as written
          order by client_id
        on conflict (client_id) do update set version = v.version + 1;
      else
        insert into client_data_versions as v (client_id, version)
          select distinct client_id, 1 from old_rows order by client_id
        on conflict (client_id) do update set version = v.version + 1;
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of ['transactions', 'accounts']) {
    await sql`
      create trigger ${sql.raw(`${table}_data_version_insert`)} after insert on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function client_data_versions_bump()`.execute(
      db,
    );
    await sql`
      create trigger ${sql.raw(`${table}_data_version_update`)} after update on ${sql.table(table)}
        referencing old table as old_rows new table as new_rows
        for each statement execute function client_data_versions_bump()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_data_version_delete`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function client_data_versions_bump()`.execute(
      db,
    );
  }
}
