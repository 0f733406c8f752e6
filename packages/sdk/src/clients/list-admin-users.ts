import { listManagedUsers } from './managed-users.ts';

type ListArgs = Parameters<typeof listManagedUsers> extends [unknown, ...infer Rest] ? Rest : never;

/** `GET api/admin/users` (spec §7): the caller's clients, searched, sorted and paged. */
export const listAdminUsers = (...args: ListArgs) => listManagedUsers('admin', ...args);
