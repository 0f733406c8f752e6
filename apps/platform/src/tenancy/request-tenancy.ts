import { apiHeaders } from '@waratah/contracts';
import { type Environment, getTenant, isTenantId, type TenantConfig, type TenantId } from '@waratah/tenants';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';
import { requestHostTenant } from './host-tenant.ts';

export interface RequestTenancy {
  tenant: TenantConfig;
  environment: Environment;
}

// Where a tenant lacks the host's environment (labs has no production), the next one down serves.
const environmentFallback: readonly Environment[] = ['production', 'staging', 'sandbox'];
const tenantHeader = apiHeaders.tenantId.toLowerCase();

/**
 * The tenant and environment a request speaks for: from its Host (spec §1; a local host, a portal's
 * domain or an API host, `requestHostTenant`), unless the path's tenant prefix or, failing that, the
 * X-Tenant-Id header names a tenant (spec §7). A named tenant keeps the host's environment where it
 * has one.
 */
export function requestTenancy(request: FastifyRequest, pathTenant?: string): RequestTenancy {
  const resolved = requestHostTenant(request);
  const named = pathTenant === undefined ? headerTenant(request) : knownPathTenant(pathTenant);
  if (named === undefined || named === resolved.tenant.id) {
    return { tenant: resolved.tenant, environment: resolved.environment };
  }
  const tenant = getTenant(named);
  return { tenant, environment: availableEnvironment(tenant, resolved.environment) };
}

function availableEnvironment(tenant: TenantConfig, wanted: Environment): Environment {
  if (tenant.envConfig[wanted]) return wanted;
  const fallback = environmentFallback.find((environment) => tenant.envConfig[environment]);
  if (!fallback) throw new Error(`Tenant ${tenant.id} has no environment configured`);
  return fallback;
}

function headerTenant(request: FastifyRequest): TenantId | undefined {
  const value = request.headers[tenantHeader];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && isTenantId(value)) return value;
  // Naming the tenants would tell a white-label tenant's visitors who the others are.
  const message = `${apiHeaders.tenantId} names no tenant`;
  throw new AppError('bad_header', message, { fields: [{ field: `headers.${tenantHeader}`, message }] });
}

function knownPathTenant(value: string): TenantId {
  if (isTenantId(value)) return value;
  throw new AppError('not_found', `There is no tenant '${value}'`);
}
