import type { GrantType } from '@waratah/contracts';
import { consentsScope } from '../../auth/principal.ts';
import type { TokenScope } from '../../db/database-schema.ts';
import type { TokenAudience } from './grants/token-audience.ts';
import { OAuthError } from './oauth-error.ts';

/**
 * The scope a token request asks for (RFC 6749 §3.3): none, the whole account (the portal sends an
 * empty one), or `consents` from a client's password sign-in, whose token then reaches only their
 * consents and the public config. Anything else is `invalid_scope` (§5.2): before 2026-12-02 an
 * unknown scope, or `consents` from an active client, an adviser or a refresh, got a token for the
 * whole account without the answer saying so.
 */
export function requestedScope(
  scope: string | undefined,
  request: { grantType: GrantType; audience: TokenAudience },
): TokenScope | undefined {
  const asked = [...new Set((scope ?? '').split(' ').filter((part) => part !== ''))];
  if (asked.length === 0) return undefined;
  if (asked.length === 1 && asked[0] === consentsScope) {
    if (request.audience === 'user' && request.grantType === 'password') return consentsScope;
    throw new OAuthError(
      'invalid_scope',
      request.grantType === 'refresh_token'
        ? `A refresh keeps its sign-in's scope: leave scope empty (sign in with scope=${consentsScope} for a token that reaches only the consents)`
        : `Scope '${consentsScope}' is a client's password sign-in's: leave scope empty`,
    );
  }
  const unknown = asked.find((part) => part !== consentsScope) ?? '';
  throw new OAuthError(
    'invalid_scope',
    `Unknown scope '${unknown.slice(0, 50)}': leave scope empty for the whole account, or ask a client's password sign-in for '${consentsScope}' alone`,
  );
}
