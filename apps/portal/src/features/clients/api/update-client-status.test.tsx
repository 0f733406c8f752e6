import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient } from '../../../testing/build-client-data.ts';
import { json } from '../../../testing/fake-api.ts';
import { practiceId, renderTenantHook, tenantFamilies } from '../../../testing/render-tenant-hook.tsx';
import { useUpdateClientStatus } from './update-client-status.ts';

describe('useUpdateClientStatus', () => {
  it.each(tenantFamilies)(
    '$tenant suspends a client with the $family family, naming the practice',
    async ({ tenant, host, family }) => {
      const other = family === 'adviser' ? 'admin' : 'adviser';
      const suspended = buildClient({ status: 'suspended' });
      const {
        result,
        api,
        tenant: resolved,
      } = renderTenantHook(host, () => useUpdateClientStatus(), {
        [`PUT /api/${family}/users/7`]: () => json({ data: suspended }),
        [`PUT /api/${other}/users/7`]: () => json({ data: suspended }),
      });
      expect(resolved).toBe(tenant);

      await act(() => result.current.mutateAsync({ id: 7, status: 'suspended' }));

      const [request, ...more] = api.requestsTo(`PUT /api/${family}/users/7`);
      expect(more).toHaveLength(0);
      expect(request?.body).toEqual({ status: 'suspended' });
      expect(request?.headers.get('X-External-Party-Id')).toBe(String(practiceId));
      expect(api.requestsTo(`PUT /api/${other}/users/7`)).toHaveLength(0);
    },
  );
});
