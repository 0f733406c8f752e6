import { type Kysely, sql } from 'kysely';

// Read performance (issue 10): a monthly aggregate of every client's transactions, kept exact by
// statement triggers on `transactions` (so every write path, present and future, keeps it right
// within its own transaction: inserts, recategorisation, include/exclude, deletes, refreshes and the
// cascades of consent disposal), trigram indexes for text search, and indexes for the client list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // One row per client, account, Australia/Sydney month (a transaction's date is already its Sydney
  // calendar day) and the columns the summary filters on. No foreign keys: the triggers remove a
  // row when its count reaches zero, also while a client's or tenant's rows are cascading away.
  await sql`
    create table transaction_month_totals (
      tenant_id text not null,
      client_id integer not null,
      account_id integer not null,
      month date not null,
      category_id integer,
      budget_category text not null,
      base_type text not null,
      included boolean not null,
      transaction_count integer not null,
      amount_sum numeric(16, 2) not null,
      constraint transaction_month_totals_key unique nulls not distinct
        (client_id, account_id, month, category_id, budget_category, base_type, included)
    )`.execute(db);

  await sql`
    create function transaction_month_totals_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into transaction_month_totals as m (tenant_id, client_id, account_id, month, category_id,
            budget_category, base_type, included, transaction_count, amount_sum)
          select tenant_id, client_id, account_id, date_trunc('month', transaction_date::timestamp)::date,
              category_id, budget_category, base_type, included, count(*), sum(amount)
          from new_rows
          group by 1, 2, 3, 4, 5, 6, 7, 8
          order by 2, 3, 4, 5, 6, 7, 8
        on conflict on constraint transaction_month_totals_key do update
          set transaction_count = m.transaction_count + excluded.transaction_count,
              amount_sum = m.amount_sum + excluded.amount_sum;
        return null;
      end if;
      if tg_op = 'UPDATE' then
        insert into transaction_month_totals as m (tenant_id, client_id, account_id, month, category_id,
            budget_category, base_type, included, transaction_count, amount_sum)
          select tenant_id, client_id, account_id, month, category_id, budget_category, base_type, included,
              sum(change), sum(amount)
          from (
            select tenant_id, client_id, account_id, date_trunc('month', transaction_date::timestamp)::date as month,
                category_id, budget_category, base_type, included, 1 as change, amount
            from new_rows
            union all
            select tenant_id, client_id, account_id, date_trunc('month', transaction_date::timestamp)::date,
                category_id, budget_category, base_type, included, -1, -amount
            from old_rows
          ) as changes
          group by 1, 2, 3, 4, 5, 6, 7, 8
          having sum(change) <> 0 or sum(amount) <> 0
          order by 2, 3, 4, 5, 6, 7, 8
        on conflict on constraint transaction_month_totals_key do update
          set transaction_count = m.transaction_count + excluded.transaction_count,
              amount_sum = m.amount_sum + excluded.amount_sum;
      else
        insert into transaction_month_totals as m (tenant_id, client_id, account_id, month, category_id,
            budget_category, base_type, included, transaction_count, amount_sum)
          select tenant_id, client_id, account_id, date_trunc('month', transaction_date::timestamp)::date,
              category_id, budget_category, base_type, included, -count(*), -sum(amount)
          from old_rows
          group by 1, 2, 3, 4, 5, 6, 7, 8
          order by 2, 3, 4, 5, 6, 7, 8
        on conflict on constraint transaction_month_totals_key do update
          set transaction_count = m.transaction_count + excluded.transaction_count,
              amount_sum = m.amount_sum + excluded.amount_sum;
      end if;
      delete from transaction_month_totals m
        where m.transaction_count = 0 and m.client_id in (select distinct client_id from old_rows);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger transactions_month_totals_insert after insert on transactions
      referencing new table as new_rows for each statement execute function transaction_month_totals_apply()`.execute(
    db,
  );
  await sql`
    create trigger transactions_month_totals_update after update on transactions
      referencing old table as old_rows new table as new_rows
      for each statement execute function transaction_month_totals_apply()`.execute(db);
  await sql`
    create trigger transactions_month_totals_delete after delete on transactions
      referencing old table as old_rows for each statement execute function transaction_month_totals_apply()`.execute(
    db,
  );
  // Rows written before this migration.
  await sql`
    insert into transaction_month_totals (tenant_id, client_id, account_id, month, category_id,
        budget_category, base_type, included, transaction_count, amount_sum)
      select tenant_id, client_id, account_id, date_trunc('month', transaction_date::timestamp)::date,
          category_id, budget_category, base_type, included, count(*), sum(amount)
      from transactions
      group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);

  // How many clients each practice (external party) is linked to: the adviser's unfiltered client
  // list reads its total here rather than joining every link to its client. A row trigger keeps it
  // exact on every link written, moved or deleted (also by the cascade of a client's deletion).
  await sql`
    create table party_client_counts (
      external_party_id integer primary key,
      client_count integer not null
    )`.execute(db);
  await sql`
    create function party_client_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update party_client_counts set client_count = client_count - 1
          where external_party_id = old.external_party_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into party_client_counts as p (external_party_id, client_count)
          values (new.external_party_id, 1)
        on conflict (external_party_id) do update set client_count = p.client_count + 1;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger client_links_party_counts after insert or delete or update of external_party_id
      on client_links for each row execute function party_client_counts_apply()`.execute(db);
  await sql`
    insert into party_client_counts (external_party_id, client_count)
      select external_party_id, count(*) from client_links group by external_party_id`.execute(db);

  // Text search (`search_term`) over one expression holding every searched column, so one trigram
  // index serves `ilike '%term%'`; the query keeps the per-column test for exactness.
  await sql`
    create index transactions_search_trgm on transactions using gin (
      (coalesce(description_original, '') || chr(10) || coalesce(description_simple, '') || chr(10) ||
       coalesce(description_user, '') || chr(10) || coalesce(merchant_name, '') || chr(10) ||
       coalesce(memo, '')) gin_trgm_ops)`.execute(db);
  await sql`create index clients_name_trgm on clients using gin ((given_name || ' ' || family_name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index clients_email_trgm on clients using gin (email gin_trgm_ops)`.execute(db);
  // The client list's default order (name), and the link from a client to its adviser's party.
  await sql`create index clients_tenant_name on clients (tenant_id, lower(family_name), lower(given_name), id)`.execute(
    db,
  );
  await sql`create index client_links_party_client on client_links (external_party_id, client_id)`.execute(
    db,
  );
}
