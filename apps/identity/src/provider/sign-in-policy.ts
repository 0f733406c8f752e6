import type { interactionPolicy } from 'oidc-provider';

/**
 * oidc-provider's default prompts, with one more check of `login`: a provider session whose account
 * `findAccount` no longer finds (suspended, or its address not confirmed: `accounts/adviser-account.ts`)
 * asks for a sign-in again. Without it the provider went on to `consent` with no account and no
 * grant, and answered a server error instead of the sign-in form.
 */
export function signInPolicy({ base, Check }: typeof interactionPolicy): interactionPolicy.Policy {
  const policy = base();
  policy
    .get('login')
    ?.checks.add(
      new Check('account_unavailable', 'The account signed in can no longer be used', (ctx) =>
        ctx.oidc.session?.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
      ),
      0,
    );
  return policy;
}
