import { type AppConfig, appConfigResponseSchema, type UpdateAppConfigBody } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';
import type { CallOptions } from '../on-behalf.ts';

/**
 * `PUT api/admin/config/app/{platformKey}`: a platform operator switches features or changes links
 * of their tenant's app config in one environment; keys not listed keep their value.
 */
export async function updateAppConfig(
  client: ApiClient,
  platformKey: string,
  change: UpdateAppConfigBody,
  options: Pick<CallOptions, 'signal'> = {},
): Promise<AppConfig> {
  const response = await client.request({
    method: 'PUT',
    path: `/api/admin/config/app/${encodeURIComponent(platformKey)}`,
    body: change,
    schema: appConfigResponseSchema,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return response.data;
}
