import type { TokenSubjectKind } from '../../../db/database-schema.ts';

/** Which token endpoint was called: `oauth/admin/token` signs in admin users, `oauth/token` clients. */
export type TokenAudience = 'admin' | 'user';

export function subjectKindOf(audience: TokenAudience): TokenSubjectKind {
  return audience === 'admin' ? 'admin_user' : 'client';
}

export function audienceOf(kind: TokenSubjectKind): TokenAudience {
  return kind === 'admin_user' ? 'admin' : 'user';
}
