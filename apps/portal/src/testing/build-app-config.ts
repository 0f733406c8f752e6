import {
  type AppConfig,
  type AppLinkKey,
  adviserWebPortalPlatformKey,
  type FeatureKey,
} from '@waratah/contracts';

export interface BuildAppConfigOptions {
  features?: Partial<Record<FeatureKey, boolean>>;
  links?: Partial<Record<AppLinkKey, string>>;
}

const defaultLinks: Partial<Record<AppLinkKey, string>> = {
  'ta-help-centre': 'https://help.example.test/advisers',
  help_page: 'https://www.example.test/help',
  about_page: 'https://www.example.test/about',
};

/** An app config as the platform sends it for the adviser portal; every feature off unless named. */
export function buildAppConfig({
  features = {},
  links = defaultLinks,
}: BuildAppConfigOptions = {}): AppConfig {
  return {
    platforms: [
      {
        key: adviserWebPortalPlatformKey,
        features: Object.entries(features).map(([key, enabled]) => ({ key, enabled })),
      },
    ],
    links: Object.entries(links).map(([key, url]) => ({ key, url })),
  };
}
