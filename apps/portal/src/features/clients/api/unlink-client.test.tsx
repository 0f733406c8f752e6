import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practiceId, renderTenantHook, tenantFamilies } from '../../../testing/render-tenant-hook.tsx';
import { useUnlinkClient } from './unlink-client.ts';

describe('useUnlinkClient', () => {
  // The platform has no DELETE api/admin/users/{id}: the password tenants unlink with the adviser family too.
  it.each(tenantFamilies)(
    '$tenant unlinks a client with the adviser family, naming the practice',
    async ({ tenant, host }) => {
      const {
        result,
        api,
        tenant: resolved,
      } = renderTenantHook(host, () => useUnlinkClient(), {
        'DELETE /api/adviser/users/7': () => new Response(null, { status: 204 }),
      });
      expect(resolved).toBe(tenant);

      await act(() => result.current.mutateAsync(7));

      const [request, ...more] = api.requestsTo('DELETE /api/adviser/users/7');
      expect(more).toHaveLength(0);
      expect(request?.headers.get('X-External-Party-Id')).toBe(String(practiceId));
      expect(api.requests.filter((sent) => sent.method === 'DELETE')).toHaveLength(1);
    },
  );
});
