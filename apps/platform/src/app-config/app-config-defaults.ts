import {
  type AppLinkKey,
  adviserWebPortalPlatformKey,
  type FeatureKey,
  featureKeys,
} from '@waratah/contracts';
import type { TenantId } from '@waratah/tenants';
import type { AppFeatureRow, AppLinkRow } from '../db/database-schema.ts';

/** A fresh installation's app config; operators change it in the database afterwards. */
export interface AppConfigDefaults {
  platformKey: string;
  features: AppFeatureRow[];
  links: AppLinkRow[];
}

/**
 * Off by default: `appcues` needs a guidance id that no tenant configures yet, and the account
 * dashboard is not part of the portal's first release.
 */
const featuresOffByDefault: ReadonlySet<FeatureKey> = new Set(['appcues', 'account_dashboard']);

/** Each tenant's public website, where its help and about pages live. */
const tenantWebsites: Record<TenantId, string> = {
  waratah: 'https://www.waratah.com.au',
  moneypartner: 'https://www.moneypartner.com.au',
  waratahlabs: 'https://labs.waratah.com.au',
};

const linkPaths: Record<AppLinkKey, string> = {
  'ta-help-centre': '/help/advisers',
  help_page: '/help',
  about_page: '/about',
};

export function adviserWebPortalDefaults(tenantId: TenantId): AppConfigDefaults {
  return {
    platformKey: adviserWebPortalPlatformKey,
    features: featureKeys.map((key) => ({ key, enabled: !featuresOffByDefault.has(key) })),
    links: Object.entries(linkPaths).map(([key, path]) => ({
      key,
      url: `${tenantWebsites[tenantId]}${path}`,
    })),
  };
}
