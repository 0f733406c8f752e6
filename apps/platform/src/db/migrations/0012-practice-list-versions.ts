import { type Kysely, sql } from 'kysely';

// A version of each practice's client list (issue 10): a number that grows with every transaction
// that writes what an adviser's list shows: the practice's links (who is listed, with what consent,
// and the kept count), its clients' names, e-mails and status, and their connections (last refresh,
// connections needing action). The platform keeps the list's pages under it
// (clients/practice-list-version.ts), as it keeps a client's data under the client's data version
// (migration 0010). Time is the list's one other input (a consent reads `expired` from its expiry
// on); the index below finds a practice's next expiry for the key.
//
// The triggers are deferred to the commit. A practice's row is shared by all its clients' writers:
// bumped at once, it would be locked from the first write to the commit, and a transaction that
// writes a link and then a client's data (a consent withdrawn, then the data disposed of) would
// take it before the client's data version (migration 0010), while a refresh takes them the other
// way round; two such transactions could deadlock. At the commit every other lock is already held,
// and the row is held only while the transaction commits. Row triggers (deferred triggers cannot be
// statement triggers); these tables are written a few rows at a time. No foreign key: a practice's
// rows cascade away with it, and the triggers of that cascade must not fail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table practice_list_versions (
      external_party_id integer primary key,
      version bigint not null
    )`.execute(db);

  // OLD is null for an insert and NEW for a delete. A link names its practice (both practices, if
  // it moved); a client or a connection names its client, listed by the practices linked to it.
  await sql`
    create function practice_list_versions_bump() returns trigger language plpgsql as $$
    declare
      written_client integer;
    begin
      if tg_table_name = 'client_links' then
        insert into practice_list_versions as v (external_party_id, version)
          select distinct party, 1 from unnest(array[old.external_party_id, new.external_party_id]) as party
          where party is not null order by party
        on conflict (external_party_id) do update set version = v.version + 1;
        return null;
      end if;
      if tg_table_name = 'clients' then
        written_client := coalesce(new.id, old.id);
      else
        written_client := coalesce(new.client_id, old.client_id);
      end if;
      insert into practice_list_versions as v (external_party_id, version)
        select distinct external_party_id, 1 from client_links where client_id = written_client
        order by external_party_id
      on conflict (external_party_id) do update set version = v.version + 1;
      return null;
    end
    $$`.execute(db);
  for (const table of ['client_links', 'clients', 'provider_accounts']) {
    await sql`
      create constraint trigger ${sql.raw(`${table}_list_version`)}
        after insert or update or delete on ${sql.table(table)}
        deferrable initially deferred
        for each row execute function practice_list_versions_bump()`.execute(db);
  }

  // A practice's next consent expiry: the first moment its list reads differently with no write.
  await sql`
    create index client_links_party_live_expiry on client_links (external_party_id, consent_expiry)
      where consent_status in ('active', 'in_use')`.execute(db);
}
