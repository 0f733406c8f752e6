import { type Kysely, sql } from 'kysely';

// A version of each practice's client list (issue 10): a number that grows with every statement
// that writes what an adviser's list shows, in the writing transaction itself: the practice's links
// (who is listed, with what consent, and the kept count), its clients' names, e-mails and status,
// and their connections (last refresh, connections needing action). The platform keeps the list's
// pages under it (clients/kept-client-list.ts), as it keeps a client's data under the client's data
// version (migration 0010). Time is the list's one other input (a consent reads `expired` from its
// expiry on); the index below finds a practice's next expiry for the key.
//
// Statement triggers with transition tables, as in migration 0010; each bumps the practices of its
// rows, in practice order, so two writers lock the version rows in the same order. No foreign key:
// the rows of a practice's deletion cascade, and that cascade's triggers must not fail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table practice_list_versions (
      external_party_id integer primary key,
      version bigint not null
    )`.execute(db);

  // The practices a statement touched, from its links directly or through its clients' links.
  const bump = (practices: string) => `
        insert into practice_list_versions as v (external_party_id, version)
          select external_party_id, 1 from (${practices}) as touched
          where external_party_id is not null
          group by external_party_id order by external_party_id
        on conflict (external_party_id) do update set version = v.version + 1;`;
  const linkedTo = (rows: string) =>
    `select l.external_party_id from client_links l where l.client_id in (select client_id from ${rows})`;
  await sql`
    create function practice_list_versions_bump_links() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then${sql.raw(bump('select external_party_id from new_rows'))}
      elsif tg_op = 'UPDATE' then${sql.raw(
        bump('select external_party_id from new_rows union select external_party_id from old_rows'),
      )}
      else${sql.raw(bump('select external_party_id from old_rows'))}
      end if;
      return null;
    end
    $$`.execute(db);
  // Clients and connections name their client: the practices linked to it now. (A client's
  // deletion removes its links by cascade, and that statement on client_links bumps the practice.)
  for (const [name, column] of [
    ['practice_list_versions_bump_clients', 'id'],
    ['practice_list_versions_bump_connections', 'client_id'],
  ] as const) {
    await sql`
      create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then${sql.raw(bump(linkedTo(`(select ${column} as client_id from new_rows) n`)))}
        elsif tg_op = 'UPDATE' then${sql.raw(
          bump(
            linkedTo(`(select ${column} as client_id from new_rows union select ${column} from old_rows) n`),
          ),
        )}
        else${sql.raw(bump(linkedTo(`(select ${column} as client_id from old_rows) n`)))}
        end if;
        return null;
      end
      $$`.execute(db);
  }
  for (const [table, fn] of [
    ['client_links', 'practice_list_versions_bump_links'],
    ['clients', 'practice_list_versions_bump_clients'],
    ['provider_accounts', 'practice_list_versions_bump_connections'],
  ] as const) {
    await sql`
      create trigger ${sql.raw(`${table}_list_version_insert`)} after insert on ${sql.table(table)}
        referencing new table as new_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_list_version_update`)} after update on ${sql.table(table)}
        referencing old table as old_rows new table as new_rows
        for each statement execute function ${sql.raw(fn)}()`.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_list_version_delete`)} after delete on ${sql.table(table)}
        referencing old table as old_rows for each statement execute function ${sql.raw(fn)}()`.execute(db);
  }

  // A practice's next consent expiry: the first moment its list reads differently with no write.
  await sql`
    create index client_links_party_live_expiry on client_links (external_party_id, consent_expiry)
      where consent_status in ('active', 'in_use')`.execute(db);
}
