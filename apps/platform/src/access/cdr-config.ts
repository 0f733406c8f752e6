import type { CdrConfig } from '@waratah/contracts';
import { getTenant, type TenantId } from '@waratah/tenants';
import { AppError } from '../errors/app-error.ts';

const month = 30 * 24 * 60 * 60;

/**
 * A tenant's open-banking consent configuration: the sharing durations a client may choose, the
 * longest 12 months (the same limit `client_links` enforces in the database).
 */
export function cdrConfigFor(tenantId: TenantId, externalId?: string): CdrConfig {
  const tenant = getTenant(tenantId);
  const defaultId = `${tenantId}-default`;
  if (externalId !== undefined && externalId !== defaultId)
    throw new AppError('not_found', `There is no consent configuration '${externalId}'`);
  return {
    id: 1,
    external_id: defaultId,
    display_name: tenant.name,
    support_email: `support@${tenantId}.example`,
    cdr_policy_url: `https://www.${tenantId}.com.au/cdr-policy`,
    model: 'representative',
    sharing_durations: [
      { duration: month, description: '1 month' },
      { duration: 3 * month, description: '3 months' },
      { duration: 6 * month, description: '6 months' },
      { duration: 12 * month, description: '12 months' },
    ],
    sharing_use_duration: 12 * month,
  };
}
