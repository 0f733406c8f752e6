import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../testing/fake-api.ts';
import { renderTenantHook, tenantFamilies } from '../../../testing/render-tenant-hook.tsx';
import { useAggregators } from './list-aggregators.ts';

const aggregators = [{ id: 3, name: 'Connective' }];

describe('useAggregators', () => {
  it.each(tenantFamilies)(
    '$tenant lists the aggregators with the $family family',
    async ({ tenant, host, family }) => {
      const other = family === 'adviser' ? 'admin' : 'adviser';
      const {
        result,
        api,
        tenant: resolved,
      } = renderTenantHook(host, () => useAggregators(), {
        [`GET /api/${family}/brokers/aggregators`]: () => json({ data: aggregators }),
        [`GET /api/${other}/brokers/aggregators`]: () => json({ data: aggregators }),
      });
      expect(resolved).toBe(tenant);

      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toEqual(aggregators);
      expect(api.requestsTo(`GET /api/${family}/brokers/aggregators`)).toHaveLength(1);
      expect(api.requestsTo(`GET /api/${other}/brokers/aggregators`)).toHaveLength(0);
    },
  );
});
