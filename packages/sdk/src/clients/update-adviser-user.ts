import { updateManagedUser } from './managed-users.ts';

type UpdateArgs = Parameters<typeof updateManagedUser> extends [unknown, ...infer Rest] ? Rest : never;

/** `PUT api/adviser/users/{id}`; suspending needs `options.externalPartyId`. */
export const updateAdviserUser = (...args: UpdateArgs) => updateManagedUser('adviser', ...args);
