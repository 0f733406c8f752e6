import { type AppConfig, appConfigResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `GET api/v2/config/app/{platformKey}` (spec §7 Config): the platform's features and links. */
export async function getAppConfig(client: ApiClient, platformKey: string): Promise<AppConfig> {
  const response = await client.request({
    path: `/api/v2/config/app/${encodeURIComponent(platformKey)}`,
    schema: appConfigResponseSchema,
  });
  return response.data;
}
