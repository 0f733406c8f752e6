import { listManagedUsers } from './managed-users.ts';

type ListArgs = Parameters<typeof listManagedUsers> extends [unknown, ...infer Rest] ? Rest : never;

/** `GET api/adviser/users` (spec §7): the caller's clients, searched, sorted and paged. */
export const listAdviserUsers = (...args: ListArgs) => listManagedUsers('adviser', ...args);
