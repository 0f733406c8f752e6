import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient } from '../../../testing/build-client-data.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderTenantHook, tenantFamilies } from '../../../testing/render-tenant-hook.tsx';
import { CLIENT_PAGE_SIZE } from '../utils/client-list-params.ts';
import { useClients } from './list-clients.ts';

const page = { data: [buildClient()], paging: { cursors: {}, total: 1 } };

describe('useClients', () => {
  it.each(tenantFamilies)(
    '$tenant lists its clients with the $family family',
    async ({ tenant, host, family }) => {
      const other = family === 'adviser' ? 'admin' : 'adviser';
      const {
        result,
        api,
        tenant: resolved,
      } = renderTenantHook(host, () => useClients({ search: 'lee', sort: 'email', order: 'desc', page: 2 }), {
        [`GET /api/${family}/users`]: () => json(page),
        [`GET /api/${other}/users`]: () => json(page),
      });
      expect(resolved).toBe(tenant);

      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      expect(result.current.data).toEqual(page);
      const [request, ...more] = api.requestsTo(`GET /api/${family}/users`);
      expect(more).toHaveLength(0);
      expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
        search: 'lee',
        sort: 'email',
        order: 'desc',
        page: '2',
        size: String(CLIENT_PAGE_SIZE),
      });
      expect(api.requestsTo(`GET /api/${other}/users`)).toHaveLength(0);
    },
  );
});
