import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AdminUserPrincipal } from '../auth/principal.ts';
import { tokenStillNamesQuery } from '../auth/tokens/token-repository.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Database } from '../db/database-schema.ts';
import {
  answersByOrdinal,
  createStatementGroup,
  rowsWithOrdinal,
  type StatementGroupOptions,
} from '../db/statement-group.ts';
import { adviserAccessQuery, operatorAccessQuery } from './find-accessible-client.ts';
import { auditRow } from './record-audit.ts';

/** One admin user's request for a client's data, as the access gate checks it. */
export interface ClientAccessCheck {
  caller: AdminUserPrincipal;
  clientId: number;
  /**
   * Set while the caller comes from a recent lookup of this token (`auth/confirm-principal.ts`):
   * access is given only while the token is live and still names the caller.
   */
  unconfirmedTokenHash: string | undefined;
  /** The audit row's action, target (the route) and origin. */
  action: string;
  targetId: string | null;
  ip: string;
}

/** What the access statement answers of a client the caller may see. */
export interface AccessedClient {
  client_id: number;
  consent_status: string | null;
  /** Null until the client's transactions, accounts or connections are first written. */
  data_version: string | null;
}

export interface ClientAccessBatch {
  /** The client, once its audit row is committed; undefined when access is refused. */
  check(check: ClientAccessCheck): Promise<AccessedClient | undefined>;
  /** Statements run and checks made (the tests read them). */
  stats(): { statements: number; checks: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The access gate's shared statement (access/client-access-batch.ts). */
    clientAccess: ClientAccessBatch;
  }
}

/** PostgreSQL's `integer`, the type of every id column. */
const maxIntegerId = 2_147_483_647;

/**
 * The access gate's statement, shared by the requests that wait together (`db/statement-group.ts`).
 * Every admin user's read of a client's data is still checked against the database and audited
 * before it is answered (`resolve-client-scope.ts`): one statement checks each waiting request
 * under the same rules and writes every passing check's audit row, committed before any of them is
 * answered.
 */
export function createClientAccessBatch(
  db: Kysely<Database>,
  options: StatementGroupOptions = {},
): ClientAccessBatch {
  const statement = accessStatement(db);
  const group = createStatementGroup(
    (checks: readonly ClientAccessCheck[]) => runChecks(statement, checks),
    options,
  );
  return {
    check(check) {
      // No client has an id beyond the tables' integer range (and such a value would fail the
      // statement, with every check in it).
      if (!Number.isInteger(check.clientId) || check.clientId < 1 || check.clientId > maxIntegerId)
        return Promise.resolve(undefined);
      return group.submit(check);
    },
    stats: () => {
      const { statements, inputs } = group.stats();
      return { statements, checks: inputs };
    },
  };
}

/** A check as a row of the statement: its caller, client, token and audit row. */
type CheckRow = ReturnType<typeof auditRow> & {
  role: AdminUserPrincipal['role'];
  external_party_id: number | null;
  client_id: number;
  token_hash: string | null;
};

/** The statement's values: the checks' rows (`rowsWithOrdinal`) and the time. */
type CheckValues = { checks: string; now: Date };

type AccessStatement = (values: CheckValues) => Promise<(AccessedClient & { ord: number })[]>;

/**
 * One statement for all the checks, compiled once (`db/compiled-once.ts`) and planned once
 * (`rowsWithOrdinal`): each check is a row of `r`, joined to the access rules of its caller's role and, while its caller is unconfirmed, to its
 * token; the rows that pass are audited and answered with their consent status and data version.
 */
function accessStatement(db: Kysely<Database>): AccessStatement {
  return compiledOnce<CheckValues, AccessedClient & { ord: number }>(db, (value) => {
    /** A column of the check's row in the statement. */
    const r = <K extends keyof CheckRow>(key: K) => sql<CheckRow[K]>`${sql.ref(`r.${key}`)}`;
    const access = operatorAccessQuery(db, r('tenant_id'), r('client_id'))
      .where(sql<boolean>`r.role = 'operator'`)
      .unionAll(
        adviserAccessQuery(db, r('tenant_id'), r('external_party_id'), r('client_id')).where(
          sql<boolean>`r.role = 'adviser'`,
        ),
      );
    const tokenStillNamesCaller = tokenStillNamesQuery(db, {
      // Asked only of the checks that carry a token (`where r.token_hash is null or exists …`).
      tokenHash: r('token_hash') as RawBuilder<string>,
      tenantId: r('tenant_id'),
      adminUserId: r('actor_id') as RawBuilder<number>,
      role: r('role'),
      externalPartyId: r('external_party_id'),
      now: value('now'),
    });
    return sql<AccessedClient & { ord: number }>`
      with r as (
        select * from json_to_recordset(${value('checks')}::json) as r(tenant_id text, actor_kind text,
          actor_id int, action text, target_type text, target_id text, client_id int, ip text, role text,
          external_party_id int, token_hash text, ord int)
      ),
      allowed as (
        select r.ord, a.id as client_id, a.consent_status
        from r cross join lateral (${access}) a
        where r.token_hash is null or exists (${tokenStillNamesCaller})
      ),
      audit as (
        insert into audit_log (tenant_id, actor_kind, actor_id, action, target_type, target_id, client_id, ip)
        select r.tenant_id, r.actor_kind, r.actor_id, r.action, r.target_type, r.target_id, allowed.client_id, r.ip
        from allowed join r on r.ord = allowed.ord
      )
      select allowed.ord::int as ord, allowed.client_id, allowed.consent_status,
        (select v.version::text from client_data_versions v where v.client_id = allowed.client_id)
          as data_version
      from allowed`;
  });
}

/** Runs the statement for `checks`, and gives each its answer. */
async function runChecks(
  statement: AccessStatement,
  checks: readonly ClientAccessCheck[],
): Promise<(AccessedClient | undefined)[]> {
  const rows: CheckRow[] = checks.map((check) => ({
    ...auditRow({
      actor: check.caller,
      action: check.action,
      targetType: 'route',
      targetId: check.targetId,
      clientId: check.clientId,
      ip: check.ip,
    }),
    role: check.caller.role,
    external_party_id: check.caller.externalPartyId,
    client_id: check.clientId,
    token_hash: check.unconfirmedTokenHash ?? null,
  }));
  return answersByOrdinal(checks.length, await statement({ checks: rowsWithOrdinal(rows), now: new Date() }));
}
