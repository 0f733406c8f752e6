import { getManagedUser } from './managed-users.ts';

type GetArgs = Parameters<typeof getManagedUser> extends [unknown, ...infer Rest] ? Rest : never;

/** `GET api/adviser/users/{id}`. */
export const getAdviserUser = (...args: GetArgs) => getManagedUser('adviser', ...args);
