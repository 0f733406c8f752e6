import {
  type AdminPermissionArea,
  adminPermissionAreas,
  adminPermissionAreasSchema,
  emailSchema,
  familyNameSchema,
  givenNameSchema,
} from '@waratah/contracts';
import {
  environments,
  getTenant,
  isTenantId,
  localTenantUrls,
  type TenantId,
  tenantIds,
} from '@waratah/tenants';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../access/record-audit.ts';
import type { PlatformConfig } from '../../config/env.ts';
import type { Database } from '../../db/database-schema.ts';
import { createOneTimeTokenRepository } from '../one-time-tokens/one-time-token-repository.ts';
import { createAdminUserRepository } from './admin-user-repository.ts';
import { createAdminUser } from './create-admin-user.ts';

/**
 * What `npm run operator` was given, as typed (apps/platform/scripts/add-operator.ts): checked here,
 * so that the command and its tests refuse the same things with the same words.
 */
export interface AddOperatorInput {
  tenant: string | undefined;
  email: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  /** `all` (also when left out) or area names separated by commas (spec §3, `adminPermissionAreas`). */
  areas?: string | undefined;
}

/** The input once checked: a tenant, an address and names as the contracts take them, areas in the spec's order. */
export interface OperatorToAdd {
  tenantId: TenantId;
  email: string;
  givenName: string;
  familyName: string;
  areas: AdminPermissionArea[];
}

export interface AddedOperator extends OperatorToAdd {
  adminUserId: number;
  /** The invitation link's token (`/set-password?invitation_token=…`), once, as issued. */
  token: string;
}

/** A refusal the operator of the command fixes (a bad input, an address taken): nothing was written. */
export class AddOperatorRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddOperatorRefusal';
  }
}

/** Checks every input, and refuses with one message naming each problem (by the command's option). */
export function checkOperatorInput(input: AddOperatorInput): OperatorToAdd {
  const problems: string[] = [];
  const tenant = input.tenant?.trim() ?? '';
  if (!isTenantId(tenant))
    problems.push(
      `--tenant: ${tenant === '' ? 'name a tenant' : `no tenant is called "${tenant}"`} (one of ${tenantIds.join(', ')})`,
    );
  const email = checked('--email', emailSchema, input.email, problems);
  const givenName = checked('--given-name', givenNameSchema, input.givenName, problems);
  const familyName = checked('--family-name', familyNameSchema, input.familyName, problems);
  const areas = checkAreas(input.areas, problems);
  if (problems.length > 0 || !isTenantId(tenant) || !email || !givenName || !familyName || !areas)
    throw new AddOperatorRefusal(problems.join('\n'));
  return { tenantId: tenant, email, givenName, familyName, areas };
}

function checked(
  option: string,
  schema: typeof emailSchema | typeof givenNameSchema,
  value: string | undefined,
  problems: string[],
): string | undefined {
  if (value === undefined) {
    problems.push(`${option}: required`);
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  problems.push(`${option}: ${result.error.issues[0]?.message ?? 'not valid'} ("${value}")`);
  return undefined;
}

/** `all` or a list of areas, each known and named once (`adminPermissionAreasSchema`), at least one. */
function checkAreas(value: string | undefined, problems: string[]): AdminPermissionArea[] | undefined {
  const text = value?.trim() ?? 'all';
  if (text === 'all') return [...adminPermissionAreas];
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    problems.push('--areas: name at least one area, or all');
    return undefined;
  }
  const result = adminPermissionAreasSchema.safeParse(names);
  if (result.success) {
    const held = new Set<string>(result.data);
    return adminPermissionAreas.filter((area) => held.has(area));
  }
  const known = new Set<string>(adminPermissionAreas);
  const unknown = names.filter((name) => !known.has(name));
  problems.push(
    unknown.length > 0
      ? `--areas: no such permission area: ${unknown.join(', ')} (the areas are ${adminPermissionAreas.join(', ')}; or all)`
      : `--areas: ${result.error.issues[0]?.message ?? 'not valid'}`,
  );
  return undefined;
}

/**
 * Adds a platform operator (`admin_users.kind = 'operator'`): the first of a deployment, who then
 * invites the others through the API. Checks the input (`checkOperatorInput`), then in one
 * transaction refuses an address that has an admin account of the tenant already (any kind, any
 * case), or else writes the operator as an invitation does (no practice, no password, its address
 * unverified, holding the areas), audits it (`admin_user.add_operator`, by the platform itself:
 * no one signed in) and issues its invitation link (`purpose: 'invitation'`, `ttlSeconds`), which
 * sets the password and proves the address. Nothing is e-mailed: the caller hands the link over.
 */
export async function addOperator(
  db: Kysely<Database>,
  input: AddOperatorInput,
  { ttlSeconds }: { ttlSeconds: number },
): Promise<AddedOperator> {
  const operator = checkOperatorInput(input);
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await createAdminUserRepository(trx).findByEmail(operator.tenantId, operator.email);
      if (existing) throw taken(operator, existing.kind);
      const user = await createAdminUser(trx, {
        tenantId: operator.tenantId,
        email: operator.email,
        givenName: operator.givenName,
        familyName: operator.familyName,
        kind: 'operator',
        externalPartyId: null,
        emailVerified: false,
        permissions: operator.areas,
      });
      await recordAudit(trx, {
        actor: { kind: 'system', tenantId: operator.tenantId },
        action: 'admin_user.add_operator',
        targetType: 'admin_user',
        targetId: user.id,
      });
      const token = await createOneTimeTokenRepository(trx).issueLinkToken(
        { tenantId: operator.tenantId, adminUserId: user.id, purpose: 'invitation', ttlSeconds },
        trx,
      );
      return { ...operator, adminUserId: user.id, token };
    });
  } catch (error) {
    // The same address added at the same moment by another run (PostgreSQL): the unique index
    // (`admin_users_tenant_email`) refused the second insert, which rolled back.
    if (isUniqueViolation(error)) throw taken(operator);
    throw error;
  }
}

function taken(operator: OperatorToAdd, kind?: string): AddOperatorRefusal {
  const account = kind === undefined ? 'an admin account' : `an admin account (${kind})`;
  return new AddOperatorRefusal(
    `--email: ${operator.email} has ${account} in ${operator.tenantId} already; nothing was written (an operator invites further operators through the API)`,
  );
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/**
 * Where the operator's invitation link points: a server that takes local hosts
 * (`config.localHosts`) serves the tenant's portal at `http://[tenant.]localhost:PORT`
 * (`localTenantUrls`, as the server prints them at start); otherwise the hosted domain of the
 * tenant's first configured environment, production first, as e-mailed links fall back to
 * (`mail/portal-origin.ts`, which has a request to go by; this has none).
 */
export function operatorPortalOrigin(
  config: Pick<PlatformConfig, 'localHosts' | 'port'>,
  tenantId: TenantId,
): string {
  if (config.localHosts) {
    const local = localTenantUrls(config.port).find((url) => url.tenant === tenantId);
    if (local) return new URL(local.url).origin;
  }
  const envConfig = [...environments]
    .reverse()
    .map((environment) => getTenant(tenantId).envConfig[environment])
    .find((found) => found !== undefined);
  if (!envConfig) throw new Error(`Tenant ${tenantId} has no environment configured`);
  return `https://${envConfig.hostedDomain}`;
}
