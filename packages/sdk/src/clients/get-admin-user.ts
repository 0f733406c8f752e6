import { getManagedUser } from './managed-users.ts';

type GetArgs = Parameters<typeof getManagedUser> extends [unknown, ...infer Rest] ? Rest : never;

/** `GET api/admin/users/{id}`. */
export const getAdminUser = (...args: GetArgs) => getManagedUser('admin', ...args);
