import type { AdminUserDetails, ExternalPartyStatus } from '@waratah/contracts';

/** The signed-in adviser as `GET api/admin/adminusers/details` answers; an enabled practice unless told. */
export function buildAdminUserDetails(status: ExternalPartyStatus | null = 'enabled'): AdminUserDetails {
  return {
    id: 41,
    email: 'ada.lee@example.test',
    given_name: 'Ada',
    family_name: 'Lee',
    kind: 'adviser',
    email_verified: true,
    roles: ['adviser'],
    permissions: [],
    external_party: status && { id: 7, name: 'Lee Advice', status, type: 'ta' },
  };
}
