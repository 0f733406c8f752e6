/**
 * The `{p}` of spec §7's user paths, under `/api`: the user prefix, the adviser-client prefix and
 * the admin-client prefix (DESIGN §3). The same handler answers all three; X-User-Id names the client.
 */
export const userPrefixes = ['/v2', '/adviser/client', '/admin/client'] as const;
