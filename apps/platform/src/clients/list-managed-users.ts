import {
  type ListManagedUsersQuery,
  type ManagedUser,
  managedUserSchema,
  type Paging,
} from '@waratah/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AuditEntry, recordAudit } from '../access/record-audit.ts';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { isoTimestamp } from '../db/iso-timestamp.ts';
import { wireField, wireJson, writtenPage } from '../db/wire-json.ts';
import { AppError } from '../errors/app-error.ts';
import { effectiveConsentStatus } from './effective-consent-status.ts';
import { foreignInvitation } from './foreign-invitation.ts';
import { assertPracticeEnabled, managedUsersQuery } from './managed-user-query.ts';

/** Trigram indexes answer `ilike '%…%'` for searches of at least three characters. */
const trigramLength = 3;

const { plain, value, object } = wireField;

/**
 * A row of the list as the wire writes it (`managedUserSchema`), written by the database from the
 * page (`p`) and its freshness (`f`); timestamps as `Date#toISOString` writes them. Compared field
 * by field with `GET users/{id}` (`managedUserToWire`) in list-managed-users.test.ts.
 */
// A practice's invitation of someone else's client shows as sent (`foreign-invitation.ts`): worked
// out here, for the page's rows only.
const invitation = foreignInvitation({
  clientId: sql.ref('p.id'),
  consentStart: sql.ref('p.consent_start'),
  partyId: sql.ref('p.party_id'),
  signedUp: sql.ref('p.signed_up'),
});

const managedUserJson = wireJson(managedUserSchema, {
  id: plain(sql`p.id`),
  email: value(sql`p.email`),
  given_name: value(
    sql`case when ${invitation} then coalesce(p.invited_given_name, '') else p.given_name end`,
  ),
  family_name: value(
    sql`case when ${invitation} then coalesce(p.invited_family_name, '') else p.family_name end`,
  ),
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
  created_at: plain(
    isoTimestamp(sql`case when ${invitation} then coalesce(p.linked_at, p.created_at) else p.created_at end`),
  ),
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
      const invitation = foreignInvitation({
        clientId: sql.ref('c.id'),
        consentStart: sql.ref('l.consent_start'),
        partyId: sql.ref('l.external_party_id'),
        signedUp: sql<boolean>`c.password_hash is not null`,
      });
      filtered = filtered.where((eb) => eb.or([eb.not(invitation), eb('c.email', 'ilike', pattern)]));
    }
  }
  if (query.consent_status && principal.role === 'adviser') {
    filtered = filtered.where(effectiveConsentStatus('l'), '=', query.consent_status);
  }
  // The contract bounds `page` (maxPage), so the offset stays a nine-digit cursor like those read back.
  const offset = query.page ? (query.page - 1) * query.size : readOffset(query);
  const order = listOrder(query);

  // A searched list is counted in the page's own query, so the matches are found once; an
  // adviser's whole list has its count kept by a trigger, others are counted apart
  // (`countManagedUsers`), as a window over them all would stop the page using the name index.
  const counted = Boolean(query.search);
  const page = filtered
    .$if(counted, (builder) => builder.select(sql<number>`(count(*) over ())::int`.as('matches')))
    // consent_expiry is the page's own column (the link's, or null for an operator).
    .orderBy(order((column) => sql.ref(column === 'consent_expiry' ? column : `c.${column}`)))
    .limit(query.size)
    .offset(offset);
  // One statement: the page, then for its rows only their data's freshness, the kept count and the
  // timestamps written as the wire has them (no Date parsed and written back per row in Node).
  const keptCountOf = wholeListCount(principal, query);
  const rows = await db
    .selectFrom(page.as('p'))
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
    .orderBy(order((column) => sql.ref(`p.${column}`)))
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

/**
 * The list's order, then the client id (so that pages never overlap), over the columns of one
 * table: the page is sorted as it is read from its indexes, and the statement around it keeps that
 * order for the page's rows.
 */
function listOrder(query: ListManagedUsersQuery) {
  const direction = sql.raw(query.order);
  return (column: (name: string) => RawBuilder<unknown>) => {
    const terms: RawBuilder<unknown>[] = [];
    if (query.sort === 'name')
      terms.push(
        sql`lower(${column('family_name')}) ${direction}`,
        sql`lower(${column('given_name')}) ${direction}`,
      );
    if (query.sort === 'email') terms.push(sql`lower(${column('email')}) ${direction}`);
    if (query.sort === 'consent_expiry') terms.push(sql`${column('consent_expiry')} ${direction} nulls last`);
    if (query.sort === 'created_at') terms.push(sql`${column('created_at')} ${direction}`);
    terms.push(sql`${column('id')} ${direction}`);
    return sql.join(terms);
  };
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
