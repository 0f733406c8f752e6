import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildClient } from '../../../testing/build-client-data.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderTenantHook, tenantFamilies } from '../../../testing/render-tenant-hook.tsx';
import { useInviteClient } from './invite-client.ts';

const invitePaths = {
  adviser: 'POST /api/adviser/user/invite/legacy',
  admin: 'POST /api/admin/user/invite',
} as const;

describe('useInviteClient', () => {
  it.each(tenantFamilies)(
    '$tenant invites a client with the $family family',
    async ({ tenant, host, family }) => {
      const other = family === 'adviser' ? 'admin' : 'adviser';
      const outcomes: unknown[] = [];
      const told = (outcome: unknown) => outcomes.push(outcome);
      const pending = buildClient({
        status: 'invited',
        consent: { status: 'pending', start: null, expiry: null },
      });
      const {
        result,
        api,
        tenant: resolved,
      } = renderTenantHook(host, () => useInviteClient({ onSuccess: told, onError: told }), {
        [invitePaths.adviser]: () => json({ data: pending }, 201),
        [invitePaths.admin]: () => json({ data: pending }, 201),
      });
      expect(resolved).toBe(tenant);
      const invitation = { email: 'dana@example.test', given_name: 'Dana', family_name: 'Lee' };

      await expect(act(() => result.current.mutateAsync(invitation))).resolves.toEqual(pending);

      const [request, ...more] = api.requestsTo(invitePaths[family]);
      expect(more).toHaveLength(0);
      expect(request?.body).toEqual(invitation);
      expect(api.requestsTo(invitePaths[other])).toHaveLength(0);
      expect(outcomes).toEqual([pending]);
    },
  );
});
