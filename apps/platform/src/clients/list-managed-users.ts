import {
  type ListManagedUsersQuery,
  type ManagedUser,
  managedUserSchema,
  type Paging,
} from '@waratah/contracts';
import { type AliasedSelectQueryBuilder, type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { type AuditEntry, recordAudit } from '../access/record-audit.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { isoTimestamp } from '../db/iso-timestamp.ts';
import { wireField, wireJson, writtenPage } from '../db/wire-json.ts';
import { AppError } from '../errors/app-error.ts';
import { effectiveConsentStatus } from './effective-consent-status.ts';
import { foreignInvitation } from './foreign-invitation.ts';
import { assertPracticeEnabled, type ManagedUserRow, managedUsersQuery } from './managed-user-query.ts';

/** Trigram indexes answer `ilike '%…%'` for searches of at least three characters. */
const trigramLength = 3;

const { plain, value, object } = wireField;

/**
 * The columns a row of the list is shown from, as one query names them: the page's (`p`), or the
 * list's own (`c` and `l`) that its order is read from.
 */
interface ListedColumns {
  /** Whether the row is the practice's invitation of someone else's client (`foreign-invitation.ts`). */
  invitation: RawBuilder<boolean>;
  givenName: Expression<string>;
  familyName: Expression<string>;
  createdAt: Expression<Date>;
  invitedGivenName: Expression<string | null>;
  invitedFamilyName: Expression<string | null>;
  /** When the practice's link was made: null for an operator's row. */
  linkedAt: Expression<Date | null>;
}

/**
 * What a row shows of the client's names and date: for a practice's invitation of someone else's
 * client (`foreign-invitation.ts`) the names the practice typed and the day it sent it, never the
 * client's own. The row is written from these and the list sorted by them, the same expressions, so
 * that the order of the rows is the order of what they show. Before 2026-12-03 the list sorted by
 * the client's own names and sign-up date: a practice that invited another's client, and renamed an
 * invitation of its own beside it, could find the client's surname by where the row fell.
 */
function shownClient(row: ListedColumns) {
  return {
    givenName: sql<string>`case when ${row.invitation} then coalesce(${row.invitedGivenName}, '') else ${row.givenName} end`,
    familyName: sql<string>`case when ${row.invitation} then coalesce(${row.invitedFamilyName}, '') else ${row.familyName} end`,
    createdAt: sql<Date>`case when ${row.invitation} then coalesce(${row.linkedAt}, ${row.createdAt}) else ${row.createdAt} end`,
  };
}

// A practice's invitation of someone else's client shows as sent (`foreign-invitation.ts`): worked
// out here, for the page's rows only.
const invitation = foreignInvitation({
  clientId: sql.ref('p.id'),
  consentStart: sql.ref('p.consent_start'),
  partyId: sql.ref('p.party_id'),
  signedUp: sql.ref('p.signed_up'),
});

/** A page's row as shown (`shownClient`). */
const shownPageRow = shownClient({
  invitation,
  givenName: sql.ref('p.given_name'),
  familyName: sql.ref('p.family_name'),
  createdAt: sql.ref('p.created_at'),
  invitedGivenName: sql.ref('p.invited_given_name'),
  invitedFamilyName: sql.ref('p.invited_family_name'),
  linkedAt: sql.ref('p.linked_at'),
});

/**
 * Whether a row of an adviser's list (`managedUsersQuery`, before it is paged) is the practice's
 * invitation of someone else's client: for its search and its order.
 */
const listedInvitation = foreignInvitation({
  clientId: sql.ref('c.id'),
  consentStart: sql.ref('l.consent_start'),
  partyId: sql.ref('l.external_party_id'),
  signedUp: sql<boolean>`c.password_hash is not null`,
});

/**
 * A row of the list as the wire writes it (`managedUserSchema`), written by the database from the
 * page (`p`) and its freshness (`f`); timestamps as `Date#toISOString` writes them. Compared field
 * by field with `GET users/{id}` (`managedUserToWire`) in list-managed-users.test.ts.
 */
const managedUserJson = wireJson(managedUserSchema, {
  id: plain(sql`p.id`),
  email: value(sql`p.email`),
  given_name: value(shownPageRow.givenName),
  family_name: value(shownPageRow.familyName),
  status: plain(sql`case when ${invitation} then 'invited' else p.status end`),
  consent: object(
    {
      status: plain(sql`p.consent_status`),
      start: plain(isoTimestamp(sql.ref('p.consent_start'))),
      expiry: plain(isoTimestamp(sql.ref('p.consent_expiry'))),
    },
    sql`p.consent_status is null`,
  ),
  last_refreshed: plain(isoTimestamp(sql.ref('f.last_refreshed'))),
  needs_action_count: plain(sql`coalesce(f.needs_action_count, 0)`),
  created_at: plain(isoTimestamp(shownPageRow.createdAt)),
});

/**
 * The audit entry of a read of a client list (every client's name, e-mail and consent on the page):
 * `client.list`, its target the adviser's practice, or for an operator the tenant.
 */
export function clientListAudit(principal: AdminUserPrincipal): AuditEntry {
  const practiceId = principal.role === 'adviser' ? principal.externalPartyId : null;
  return practiceId === null
    ? { actor: principal, action: 'client.list', targetType: 'tenant', targetId: principal.tenantId }
    : { actor: principal, action: 'client.list', targetType: 'practice', targetId: practiceId };
}

/**
 * A page of the list (`listManagedUsers`) with its audit row, committed before it is answered: for
 * the reads the practice's list state does not audit (an operator's, and a list whose practice
 * has no list key).
 */
export async function auditedClientList(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  query: ListManagedUsersQuery,
): Promise<{ data: ManagedUser[]; paging: Paging }> {
  const list = await listManagedUsers(db, principal, query);
  await recordAudit(db, clientListAudit(principal));
  return list;
}

/**
 * A page of an adviser's (or operator's) clients: searched by name or e-mail, sorted, paged by
 * offset (`page`, or the `after`/`before` cursors the previous page returned). Freshness columns
 * are computed for the page's rows only, so the list stays fast with 10,000 clients. Each row comes
 * from the database as its wire JSON, so the page is answered as written.
 */
export async function listManagedUsers(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  query: ListManagedUsersQuery,
): Promise<{ data: ManagedUser[]; paging: Paging }> {
  assertListQuery(principal, query);
  let filtered = managedUsersQuery(db, principal);
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    if (query.search.length >= trigramLength) {
      // The matching clients first, through the trigram indexes (migration 0009), then the page:
      // as one query the planner walks the name index and filters, which for a common surname
      // reads most of the tenant (94 ms against 27 ms with 100,000 clients, docs/benchmarks.md).
      filtered = filtered.where(
        'c.id',
        '=',
        sql<number>`any(array(
          select s.id from clients s
          where s.tenant_id = ${principal.tenantId}
            and (s.given_name || ' ' || s.family_name ilike ${pattern} or s.email ilike ${pattern})))`,
      );
    } else {
      filtered = filtered.where((eb) =>
        eb.or([
          eb(sql`c.given_name || ' ' || c.family_name`, 'ilike', pattern),
          eb('c.email', 'ilike', pattern),
        ]),
      );
    }
    if (principal.role === 'adviser') {
      // An invitation of someone else's client is not found by the client's own names, which the
      // practice has no consent to know (`foreign-invitation.ts`): by its e-mail address only.
      filtered = filtered.where((eb) => eb.or([eb.not(listedInvitation), eb('c.email', 'ilike', pattern)]));
    }
  }
  if (query.consent_status && principal.role === 'adviser') {
    filtered = filtered.where(effectiveConsentStatus('l'), '=', query.consent_status);
  }
  // The contract bounds `page` (maxPage), so the offset stays a nine-digit cursor like those read back.
  const offset = query.page ? (query.page - 1) * query.size : readOffset(query);

  // A searched list is counted in the page's own query, so the matches are found once; an
  // adviser's whole list has its count kept by a trigger, others are counted apart
  // (`countManagedUsers`), as a window over them all would stop the page using the name index.
  const counted = Boolean(query.search);
  // An operator's row is never an invitation (`listKeys`). An e-mail address and a consent's
  // expiry are shown as they are, so only a practice's list by name or date tells its invitations
  // of someone else's client apart (`mergedPage`).
  const invitations = principal.role === 'adviser' ? listedInvitation : null;
  const page: AliasedSelectQueryBuilder<ManagedUserRow, 'p'> =
    invitations !== null && !counted && (query.sort === 'name' || query.sort === 'created_at')
      ? mergedPage(db, filtered, query, offset).as('p')
      : filtered
          .$if(counted, (builder) => builder.select(sql<number>`(count(*) over ())::int`.as('matches')))
          .orderBy(listOrder(query, sortValues(query, listKeys(invitations)), sql.ref('c.id')))
          .limit(query.size)
          .offset(offset)
          .as('p');
  // One statement: the page, then for its rows only their data's freshness, the kept count and the
  // timestamps written as the wire has them (no Date parsed and written back per row in Node).
  const keptCountOf = wholeListCount(principal, query);
  const rows = await db
    .selectFrom(page)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('provider_accounts as pa')
          .whereRef('pa.client_id', '=', 'p.id')
          .select((inner) => [
            inner.fn.max('pa.last_refreshed').as('last_refreshed'),
            inner.fn
              .countAll<number>()
              .filterWhere('pa.status', '=', 'needs_action')
              .as('needs_action_count'),
          ])
          .as('f'),
      // Only under live consent (or for an operator): `showsFreshness` in client-freshness.ts.
      (join) => join.on(sql<boolean>`p.consent_status is null or p.consent_status in ('active', 'in_use')`),
    )
    .select([
      'p.id',
      managedUserJson.as('wire'),
      counted
        ? sql<number | null>`p.matches`.as('total')
        : keptCountOf === null
          ? sql<number | null>`null::int`.as('total')
          : sql<
              number | null
            >`(select client_count from party_client_counts where external_party_id = ${keptCountOf})`.as(
              'total',
            ),
    ])
    .orderBy(
      listOrder(
        query,
        sortValues(query, {
          ...shownPageRow,
          email: sql.ref('p.email'),
          consentExpiry: sql.ref('p.consent_expiry'),
        }),
        sql.ref('p.id'),
      ),
    )
    .execute();

  // No row: the practice may not be enabled (404), or the page is past the end (counted apart).
  if (rows.length === 0) await assertPracticeEnabled(db, principal);
  const total = rows[0]?.total ?? (await countManagedUsers(db, principal, query, filtered));
  const next = offset + query.size;
  const paging: Paging = {
    cursors: {
      ...(offset > 0 ? { before: String(Math.max(0, offset - query.size)) } : {}),
      ...(next < total ? { after: String(next) } : {}),
    },
    total,
  };
  return writtenPage(rows, paging, 'client');
}

/** What the list is sorted by, as one query names it. */
interface ListKeys {
  givenName: Expression<string>;
  familyName: Expression<string>;
  email: Expression<string>;
  consentExpiry: Expression<Date | null>;
  createdAt: Expression<Date>;
}

/**
 * The keys of the list before it is paged, from the clients and links: what its rows show
 * (`shownClient`), as `invitation` tells which are invitations of someone else's client. An
 * operator's row is never one (null), and shows the client's own columns: those, which keep the
 * default order (name) read from its index (`clients_tenant_name`, migration 0009).
 */
function listKeys(invitation: RawBuilder<boolean> | null): ListKeys {
  const client = {
    givenName: sql.ref<string>('c.given_name'),
    familyName: sql.ref<string>('c.family_name'),
    createdAt: sql.ref<Date>('c.created_at'),
  };
  return {
    ...(invitation === null
      ? client
      : shownClient({
          ...client,
          invitation,
          invitedGivenName: sql.ref('l.invited_given_name'),
          invitedFamilyName: sql.ref('l.invited_family_name'),
          linkedAt: sql.ref('l.created_at'),
        })),
    email: sql.ref('c.email'),
    // The page's own column (the link's, or null for an operator).
    consentExpiry: sql.ref('consent_expiry'),
  };
}

/**
 * A page of a practice's list sorted by name or date: two pages merged, of the rows that are not
 * invitations of someone else's client, sorted by the client's own columns (the name read from its
 * index), and of those that are (few), sorted by what the practice sent. The order is that of one
 * sort by what every row shows (`shownClient`, whose expressions each half takes with its answer
 * to whether its rows are such invitations, which PostgreSQL folds away). One sort by the shown
 * columns reads and sorts the whole practice for every page: the first page of 50,000 clients
 * took 215 ms against 5 ms, merged 18 ms (2026-12-03, PostgreSQL 15).
 */
function mergedPage(
  db: Kysely<Database>,
  filtered: ReturnType<typeof managedUsersQuery>,
  query: ListManagedUsersQuery,
  offset: number,
) {
  const half = (invitations: boolean) => {
    const values = sortValues(query, listKeys(sql.lit(invitations)));
    const rows = filtered
      .where(invitations ? listedInvitation : sql<boolean>`not ${listedInvitation}`)
      // Each value sorted by as a column, so that the halves are merged as they come, in order.
      .select(values.map((value, index) => sql`${value}`.as(`sort_${index}`)))
      .orderBy(listOrder(query, values, sql.ref('c.id')))
      .limit(offset + query.size);
    return db.selectFrom(rows.as(invitations ? 'invited' : 'own')).selectAll();
  };
  const columns = sortValues(query, listKeys(null)).map((_, index) => sql.ref(`u.sort_${index}`));
  return db
    .selectFrom(half(false).unionAll(half(true)).as('u'))
    .selectAll()
    .orderBy(listOrder(query, columns, sql.ref('u.id')))
    .limit(query.size)
    .offset(offset);
}

/** What the list's sort compares, in order, of a row as `keys` name it. */
function sortValues(query: ListManagedUsersQuery, keys: ListKeys): Expression<unknown>[] {
  if (query.sort === 'name') return [sql`lower(${keys.familyName})`, sql`lower(${keys.givenName})`];
  if (query.sort === 'email') return [sql`lower(${keys.email})`];
  if (query.sort === 'consent_expiry') return [keys.consentExpiry];
  return [keys.createdAt];
}

/**
 * The list's order by `values` (`sortValues`), then the client id (so that pages never overlap):
 * the same values, named by the list before it is paged and by the page, so that the statement
 * around the page keeps its order.
 */
function listOrder(
  query: ListManagedUsersQuery,
  values: Expression<unknown>[],
  id: Expression<number>,
): RawBuilder<unknown> {
  const direction = sql.raw(query.order);
  // Clients without consent (an operator's, or not yet given) last in either order.
  const nulls = sql.raw(query.sort === 'consent_expiry' ? ' nulls last' : '');
  return sql.join([...values.map((value) => sql`${value} ${direction}${nulls}`), sql`${id} ${direction}`]);
}

/**
 * The list's total: an adviser's whole list is the practice's link count, kept by a trigger on
 * `client_links` (migration 0009), so it costs one row however many clients there are; a search,
 * a consent filter or an operator's list is counted.
 */
async function countManagedUsers(
  db: Kysely<Database>,
  principal: AdminUserPrincipal,
  query: ListManagedUsersQuery,
  filtered: ReturnType<typeof managedUsersQuery>,
): Promise<number> {
  const partyId = wholeListCount(principal, query);
  if (partyId !== null) {
    const row = await db
      .withTables<{ party_client_counts: { external_party_id: number; client_count: number } }>()
      .selectFrom('party_client_counts')
      .select('client_count')
      .where('external_party_id', '=', partyId)
      .executeTakeFirst();
    return row?.client_count ?? 0;
  }
  const { total } = await filtered
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return total;
}

/** The practice whose whole list is asked for (its count is kept by a trigger), or null. */
function wholeListCount(principal: AdminUserPrincipal, query: ListManagedUsersQuery): number | null {
  const partyId = principal.role === 'adviser' ? principal.externalPartyId : null;
  return partyId !== null && !query.search && !query.consent_status ? partyId : null;
}

/**
 * Refuses with a 400 naming the parameter what the list cannot answer: a cursor that no previous
 * page returned, or a consent filter on an operator's list, which shows no consent (a client may
 * have one with each of several practices, each in its own state). The route asks before anything
 * is written: an adviser's list writes its audit row as it reads the practice's list state, and
 * before 2026-12-02 a page refused for its cursor left that row. Before then, too, an operator's
 * consent filter was dropped, answering every client of the tenant.
 */
export function assertListQuery(principal: AdminUserPrincipal, query: ListManagedUsersQuery): void {
  if (query.consent_status !== undefined && principal.role !== 'adviser') {
    const message = "must be left out of an operator's list, which shows no consent";
    throw new AppError('validation_failed', `querystring.consent_status ${message}`, {
      fields: [{ field: 'querystring.consent_status', message }],
    });
  }
  if (!query.page) readOffset(query);
}

/** The offset an `after` (or else `before`) cursor of a previous page holds; 400 naming the one sent. */
function readOffset(query: Pick<ListManagedUsersQuery, 'after' | 'before'>): number {
  const name = query.after === undefined ? 'before' : 'after';
  const cursor = query[name];
  if (cursor === undefined) return 0;
  if (/^\d{1,9}$/.test(cursor)) return Number(cursor);
  const message = 'must be a cursor from a previous page';
  throw new AppError('validation_failed', `querystring.${name} ${message}`, {
    fields: [{ field: `querystring.${name}`, message }],
  });
}
