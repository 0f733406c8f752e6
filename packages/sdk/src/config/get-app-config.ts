import { type AppConfig, appConfigResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

export interface AppConfigOptions {
  /** Reads `api/v2/{tenant}/config/app/{platformKey}`: the config of a named tenant (spec §7 Config). */
  tenant?: string;
  signal?: AbortSignal;
}

/** `GET api/v2/[{tenant}/]config/app/{platformKey}` (spec §7 Config): the platform's features and links. */
export async function getAppConfig(
  client: ApiClient,
  platformKey: string,
  options: AppConfigOptions = {},
): Promise<AppConfig> {
  const tenant = options.tenant === undefined ? '' : `/${encodeURIComponent(options.tenant)}`;
  const response = await client.request({
    path: `/api/v2${tenant}/config/app/${encodeURIComponent(platformKey)}`,
    schema: appConfigResponseSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
