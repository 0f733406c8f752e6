import type { Grant, KoaContextWithOIDC, Provider } from 'oidc-provider';

export interface FirstPartyGrant {
  provider: Provider;
  accountId: string;
  clientId: string;
  /** The space-separated scopes the client asked for. */
  scope: string;
  grantId?: string | undefined;
  audience: string;
}

/**
 * The portal is the tenant's own (first-party) client: the adviser is never asked to consent.
 * The grant is created, or widened, to hold exactly what was asked for (node-oidc-provider's
 * documented way to skip consent).
 */
export async function saveFirstPartyGrant({
  provider,
  accountId,
  clientId,
  scope,
  grantId,
  audience,
}: FirstPartyGrant): Promise<string> {
  const grant: Grant =
    (grantId && (await provider.Grant.find(grantId))) || new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(scope);
  grant.addResourceScope(audience, 'adviser');
  return grant.save();
}

/** `loadExistingGrant`: the session's grant for the portal, widened to this request's scopes. */
export async function grantFirstPartyConsent(
  ctx: KoaContextWithOIDC,
  audience: string,
): Promise<Grant | undefined> {
  const { client, session, result, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !accountId) return undefined;
  const consent = result?.consent as { grantId?: string } | undefined;
  const grantId = await saveFirstPartyGrant({
    provider,
    accountId,
    clientId: client.clientId,
    scope: [...ctx.oidc.requestParamScopes].join(' '),
    grantId: consent?.grantId ?? session?.grantIdFor(client.clientId),
    audience,
  });
  return provider.Grant.find(grantId);
}
