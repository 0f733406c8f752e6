import { type Aggregator, aggregatorListResponseSchema } from '@waratah/contracts';
import type { ApiClient } from '../create-api-client.ts';

/** `GET api/adviser/brokers/aggregators`: the aggregators a broker can name (spec §7 Adviser). */
export async function getBrokersAggregators(client: ApiClient): Promise<Aggregator[]> {
  const response = await client.request({
    path: '/api/adviser/brokers/aggregators',
    schema: aggregatorListResponseSchema,
  });
  return response.data;
}
