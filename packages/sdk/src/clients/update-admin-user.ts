import { updateManagedUser } from './managed-users.ts';

type UpdateArgs = Parameters<typeof updateManagedUser> extends [unknown, ...infer Rest] ? Rest : never;

/** `PUT api/admin/users/{id}`; suspending needs `options.externalPartyId`. */
export const updateAdminUser = (...args: UpdateArgs) => updateManagedUser('admin', ...args);
