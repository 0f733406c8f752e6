import type { AppConfig, AppLinkKey } from '@waratah/contracts';

export function getAppLink(appConfig: AppConfig | null | undefined, linkKey: AppLinkKey): string | undefined {
  return appConfig?.links.find(({ key }) => key === linkKey)?.url;
}
