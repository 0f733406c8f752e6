import { type Aggregator, aggregatorListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `GET api/admin/brokers/aggregators`. */
export async function getAdminBrokersAggregators(client: ApiClient): Promise<Aggregator[]> {
  const response = await client.request({
    path: '/api/admin/brokers/aggregators',
    schema: aggregatorListResponseSchema,
  });
  return response.data;
}
