/** The `{p}` of spec §7's user paths: the user, adviser-client and admin-client prefixes. */
export type UserPrefix = '/api/v2' | '/api/adviser/client' | '/api/admin/client';
