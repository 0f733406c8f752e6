import { clientListRoute } from '../../adviser/users/get-users.ts';

/** `GET api/admin/users` (spec §7 Admin): the same list as `GET api/adviser/users`, kept alike. */
export const getAdminUsersRoute = clientListRoute('admin');
