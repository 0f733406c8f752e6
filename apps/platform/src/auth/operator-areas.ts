import type { AdminPermissionArea, DocumentKind } from '@waratah/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';
import { isUnder } from '../routing/paths.ts';

/**
 * Which admin permission area (spec §3) an operator must hold to call a route: the first rule whose
 * method and path prefix (whole segments, as Fastify writes the route: `/api/v2/goals/:id`) match
 * decides. `null` is open to every operator (its handler decides, as for anyone: public reference
 * data, the operator's own details). A route under `/api` that no rule names cannot be registered
 * (the server does not start), so a new route is decided on before an operator can reach it.
 *
 * Advisers hold no areas: what they reach is decided by their practice and their clients' consents.
 */
type Areas = AdminPermissionArea | readonly AdminPermissionArea[] | null;

const rules: readonly (readonly [method: 'GET' | 'WRITE' | 'ANY', prefix: string, Areas])[] = [
  // Open to every operator: reference data, the operator's own account, sign-in and registration.
  ['ANY', '/api/v2/config', null],
  ['ANY', '/api/v2/:tenant/config', null],
  ['ANY', '/api/v2/providers', null],
  ['GET', '/api/v2/transactions/categories', null],
  ['ANY', '/api/v2/documents/verify', null],
  ['GET', '/api/v2/images', null],
  ['GET', '/api/adviser/images', null],
  ['ANY', '/api/adviser/brokers', null],
  ['ANY', '/api/admin/brokers', null],
  ['ANY', '/api/adviser/parties', null],
  ['ANY', '/api/admin/adminusers/details', null],
  ['ANY', '/api/admin/adminusers/reset', null],
  ['ANY', '/api/admin/adminusers/register', null],
  ['ANY', '/api/docs', null],
  // A client's finances, read or changed on the client's behalf (the user-id header).
  ['ANY', '/api/v2/accounts', 'accounts'],
  // A statement lists the account's transactions.
  ['ANY', '/api/v2/statements', ['accounts', 'transactions']],
  ['ANY', '/api/v2/provideraccounts', 'provider_accounts'],
  ['ANY', '/api/v2/transactions', 'transactions'],
  ['ANY', '/api/v2/reports/transactions', 'transactions'],
  ['ANY', '/api/v2/imports', 'transactions'],
  ['ANY', '/api/v2/documents/transactions', 'transactions'],
  ['ANY', '/api/v2/documents/insights', 'insights'],
  ['ANY', '/api/v2/goals', 'goals'],
  ['ANY', '/api/v2/financialpassport', 'affordability'],
  // The client's record: profile, consents, the documents made of it (each export also needs the
  // area of the route that makes its kind: `assertOperatorReads`), and the client list.
  ['ANY', '/api/v2/documents', 'user_details'],
  ['ANY', '/api/v2/consents', 'user_details'],
  ['GET', '/api/v2/user', 'user_details'],
  ['GET', '/api/adviser/client/user', 'user_details'],
  ['GET', '/api/admin/client/user', 'user_details'],
  ['WRITE', '/api/v2/user', 'user_personal_information'],
  ['WRITE', '/api/adviser/client/user', 'user_personal_information'],
  ['WRITE', '/api/admin/client/user', 'user_personal_information'],
  ['GET', '/api/adviser/users', 'user_details'],
  ['GET', '/api/admin/users', 'user_details'],
  // Managing clients and admin users: suspend, unlink, invite. A change answers with the client's
  // details; renaming one also needs `user_personal_information` (`updateManagedUser`).
  ['WRITE', '/api/adviser/users', ['user_management', 'user_details']],
  ['WRITE', '/api/admin/users', ['user_management', 'user_details']],
  ['ANY', '/api/admin/user/summary', 'user_details'],
  ['ANY', '/api/admin/user', ['user_management', 'user_details']],
  ['ANY', '/api/adviser/user', 'user_management'],
  ['ANY', '/api/admin/adminusers/:id/permissions', 'roles_and_permissions'],
  ['ANY', '/api/admin/adminusers', 'user_management'],
  // The tenant: its audit log, practices, portal switches and images.
  ['ANY', '/api/adviser/audit', 'audit'],
  ['ANY', '/api/admin/audit', 'audit'],
  ['ANY', '/api/admin/cdr/parties', 'external_parties'],
  ['ANY', '/api/admin/config', 'app_configs'],
  ['WRITE', '/api/adviser/images', 'images'],
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The area an operator needs here, or null for none, instead of the rules below (tests' own routes). */
    operatorArea?: AdminPermissionArea | readonly AdminPermissionArea[] | null;
  }
}

/** The area that grants areas: an operator holding it may grant the areas it holds itself. */
export const grantingArea = 'roles_and_permissions' satisfies AdminPermissionArea;

/**
 * The areas an operator needs to read an export of each kind through the documents routes: those
 * of the route that makes it (before 2026-12-04 `user_details` alone let an operator download any
 * export, a transactions spreadsheet or a passport among them).
 */
const exportKindAreas: Record<DocumentKind, readonly AdminPermissionArea[]> = {
  statement: ['accounts', 'transactions'],
  account_summary: ['accounts'],
  financial_passport: ['affordability'],
  insights: ['insights'],
  transactions: ['transactions'],
};

/** Refuses an operator an export of a kind whose areas it does not hold (403); anyone else passes. */
export async function assertOperatorReads(request: FastifyRequest, kind: DocumentKind): Promise<void> {
  const principal = request.principal;
  if (principal?.kind !== 'admin_user' || principal.role !== 'operator') return;
  await assertHolds(request, principal.adminUserId, exportKindAreas[kind]);
}

/** The kinds of export an operator may read, those whose areas it holds; undefined (every kind) for anyone else. */
export async function readableExportKinds(
  request: FastifyRequest,
): Promise<ReadonlySet<DocumentKind> | undefined> {
  const principal = request.principal;
  if (principal?.kind !== 'admin_user' || principal.role !== 'operator') return undefined;
  const held = await operatorAreas(request.server.database.db, principal.adminUserId);
  const kinds = Object.keys(exportKindAreas) as DocumentKind[];
  return new Set(kinds.filter((kind) => exportKindAreas[kind].every((area) => held.includes(area))));
}

/**
 * The area a call needs (a list: every one of them; null: none), or undefined for a route no rule
 * names. `route` is the route's pattern (`request.routeOptions.url`), not the request's path.
 */
export function operatorAreaOf(method: string, route: string): Areas | undefined {
  const read = method === 'GET' || method === 'HEAD';
  for (const [methods, prefix, area] of rules) {
    if (methods === 'GET' && !read) continue;
    if (methods === 'WRITE' && read) continue;
    if (isUnder(route, prefix)) return area;
  }
  return undefined;
}

/**
 * Refuses an operator's call to a route whose area it does not hold (403), before the route reads
 * its input. The areas are read afresh from the operator's row on each such call (operators are a
 * handful of callers; advisers and clients pass without a query), so a change of an operator's
 * areas takes effect on its next request, as a suspension does.
 */
export function registerOperatorAreas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isUnder(route.url, '/api') || route.config?.operatorArea !== undefined) return;
    for (const method of [route.method].flat()) {
      if (operatorAreaOf(method, route.url) === undefined)
        throw new Error(
          `${method} ${route.url} has no rule in auth/operator-areas.ts: decide which area an operator needs`,
        );
    }
  });
  app.addHook('onRequest', async (request) => {
    const principal = request.principal;
    const route = request.routeOptions.url;
    if (principal?.kind !== 'admin_user' || principal.role !== 'operator' || route === undefined) return;
    const areas = request.routeOptions.config?.operatorArea ?? operatorAreaOf(request.method, route);
    if (areas === null || areas === undefined) return;
    await assertHolds(request, principal.adminUserId, [areas].flat());
  });
}

/**
 * For a handler whose call needs an area beyond its route's (what the body asks, the kind of what
 * it reads): refuses an operator that does not hold `area` (403, as the hook does); anyone else
 * passes.
 */
export async function assertOperatorArea(request: FastifyRequest, area: AdminPermissionArea): Promise<void> {
  const principal = request.principal;
  if (principal?.kind !== 'admin_user' || principal.role !== 'operator') return;
  await assertHolds(request, principal.adminUserId, [area]);
}

async function assertHolds(
  request: FastifyRequest,
  adminUserId: number,
  areas: readonly AdminPermissionArea[],
) {
  const held = await operatorAreas(request.server.database.db, adminUserId);
  const missing = areas.find((area) => !held.includes(area));
  if (missing !== undefined)
    throw new AppError('forbidden', `This needs the ${missing} permission, which your account does not hold`);
}

/** The areas an admin user holds now (none for an adviser, or for no such user). */
export async function operatorAreas(db: Kysely<Database>, adminUserId: number): Promise<readonly string[]> {
  const row = await db
    .selectFrom('admin_users')
    .select('permissions')
    .where('id', '=', adminUserId)
    .executeTakeFirst();
  return row?.permissions ?? [];
}
