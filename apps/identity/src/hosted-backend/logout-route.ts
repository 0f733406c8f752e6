import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdapterPayload } from 'oidc-provider';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { html } from '../pages/html.ts';
import { renderPage } from '../pages/page-layout.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { signOutQuestion } from '../pages/render-provider-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { portalUrlOf } from '../routes/client-tenant-for.ts';
import { foreignFormMessage, sentFromThisOrigin } from '../routes/sent-from-this-origin.ts';
import { isAllowedRedirect, singleValue, tenantIdentityFor } from '../routes/tenant-identity-for.ts';
import { DatabaseAdapter } from '../storage/database-adapter.ts';
import { recordEndedSessions } from '../storage/ended-sessions.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import { providerTokenRequest } from './provider-token-request.ts';
import { clientRefusal } from './start-authorization.ts';
import { clearTokenCookies, cookieScope, tokenCookies } from './token-cookies.ts';

const sessionCookie = '_session';

/**
 * Ends the browser's sign-in: destroys the provider's session, leaves a tombstone for it and for
 * the session the refresh token was issued under (so that an access token issued under either is
 * refused from now on, not only once it expires: storage/ended-sessions.ts), and when it was an
 * adviser's, audits the sign-out (`session.sign_out`, the adviser as the actor, the portal's
 * client as the target), all in one transaction.
 */
async function endSignIn(
  identity: IdentityService,
  { tenant, clientId }: TenantIdentity,
  signIn: { sessionId: string | undefined; refreshed: AdapterPayload | undefined },
  ip: string,
): Promise<void> {
  await identity.db.transaction().execute(async (trx) => {
    const sessions = new DatabaseAdapter(trx, 'Session');
    const session = signIn.sessionId ? await sessions.find(signIn.sessionId) : undefined;
    if (signIn.sessionId) await sessions.destroy(signIn.sessionId);
    const accountId = Number(session?.accountId ?? signIn.refreshed?.accountId ?? Number.NaN);
    if (!Number.isSafeInteger(accountId) || accountId <= 0) return;
    const uids = [session?.uid, signIn.refreshed?.sessionUid].filter(
      (uid): uid is string => typeof uid === 'string' && uid !== '',
    );
    await recordEndedSessions(trx, String(accountId), uids);
    if (!session) return;
    await recordIdentityAudit(trx, {
      tenantId: tenant.id,
      adminUserId: accountId,
      action: 'session.sign_out',
      targetType: 'oauth_client',
      targetId: clientId,
      ip,
    });
  });
}

/**
 * Whether a browser's GET of `/app/logout/` came from the tenant's own site, or from no page at all
 * (an address typed or bookmarked): the browser's `Sec-Fetch-Site` says so. A link or a script on
 * another site could otherwise sign the adviser out: the session's cookies are SameSite=Lax, which
 * a top-level GET from anywhere carries. The same site is trusted: hosted, the portal
 * (`portal.waratah.com.au`) sends the browser here from another host of it, and the session's
 * access token is a cookie of that whole site already (`cookieDomain`); each tenant's hosts have a
 * registrable domain of their own. A request without the header comes from no current browser.
 * Unlike `sentFromThisOrigin`, which takes a form only from this origin, this reads a navigation.
 */
function navigatedFromThisSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] !== 'cross-site';
}

/** The query the sign-out was asked with, carried by the confirmation's form. */
function logoutQuery(request: FastifyRequest): string {
  const query = new URLSearchParams();
  for (const name of ['client_id', 'post_logout_redirect_uri', 'state']) {
    const value = singleValue(request.query, name);
    if (value !== undefined) query.set(name, value);
  }
  return query.toString();
}

/** Asks before signing out: the button posts the same query back to `/app/logout/`, from this origin. */
function renderLogoutConfirmation(tenantIdentity: TenantIdentity, query: string): string {
  const { tenant } = tenantIdentity;
  return renderPage({
    tenant,
    title: signOutQuestion.title,
    body: html`<h1>${signOutQuestion.title}</h1><p>${signOutQuestion.question}</p>
<form method="post" action="/app/logout/?${query}"><input type="hidden" name="logout" value="yes">
<button type="submit" autofocus>${signOutQuestion.confirm}</button></form>
<p class="switch"><a href="${portalUrlOf(tenantIdentity)}">Back to the ${tenant.name} Adviser Portal</a></p>`,
  });
}

/**
 * `/app/logout/?client_id=…&post_logout_redirect_uri=…`: revokes the refresh token (and with it
 * the grant's tokens), ends the provider's session, clears every cookie and returns to the portal.
 * Asked from another site (`navigatedFromThisSite`) while signed in, it first asks the adviser
 * (as oidc-provider's own `/oauth2/logout` asks without an `id_token_hint`), whose answer is a POST
 * from this origin.
 */
export async function logoutRoute(app: FastifyInstance, { identity }: { identity: IdentityService }) {
  // The confirmation's form: one field.
  await app.register(formBody, { bodyLimit: 1024 });
  app.get('/app/logout/', async (request, reply) => {
    const tenantIdentity = await tenantIdentityFor(identity, request, reply);
    if (!tenantIdentity) return reply;
    const refusal = clientRefusal(tenantIdentity, singleValue(request.query, 'client_id'));
    if (refusal) return sendPage(reply, renderErrorPage(tenantIdentity.tenant, refusal), 400);
    const signedIn =
      request.cookies[tokenCookies.refreshToken] !== undefined ||
      request.cookies[sessionCookie] !== undefined;
    if (signedIn && !navigatedFromThisSite(request))
      return sendPage(reply, renderLogoutConfirmation(tenantIdentity, logoutQuery(request)));
    return signOut(app, identity, tenantIdentity, request, reply);
  });

  app.post('/app/logout/', async (request, reply) => {
    const tenantIdentity = await tenantIdentityFor(identity, request, reply);
    if (!tenantIdentity) return reply;
    const refusal = clientRefusal(tenantIdentity, singleValue(request.query, 'client_id'));
    if (refusal) return sendPage(reply, renderErrorPage(tenantIdentity.tenant, refusal), 400);
    if (!sentFromThisOrigin(request, tenantIdentity.origin))
      return sendPage(reply, renderErrorPage(tenantIdentity.tenant, foreignFormMessage), 403);
    return signOut(app, identity, tenantIdentity, request, reply);
  });
}

/** The sign-out itself, once it is known the adviser asked for it. */
async function signOut(
  app: FastifyInstance,
  identity: IdentityService,
  tenantIdentity: TenantIdentity,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const refreshToken = request.cookies[tokenCookies.refreshToken];
  // Read before it is revoked: the session it was issued under (the browser's, even once its cookie has gone).
  const refreshed = refreshToken
    ? await new DatabaseAdapter(identity.db, 'RefreshToken').find(refreshToken)
    : undefined;
  if (refreshToken) {
    await providerTokenRequest(app, request, '/oauth2/revoke', {
      token: refreshToken,
      token_type_hint: 'refresh_token',
      client_id: tenantIdentity.clientId,
    });
  }
  const sessionId = request.cookies[sessionCookie];
  if (sessionId || refreshed) await endSignIn(identity, tenantIdentity, { sessionId, refreshed }, request.ip);

  const scope = cookieScope(request, tenantIdentity);
  clearTokenCookies(reply, scope);
  for (const name of [sessionCookie, `${sessionCookie}.sig`])
    reply.clearCookie(name, { path: '/', secure: scope.secure });

  const requested = singleValue(request.query, 'post_logout_redirect_uri');
  // Serialised, as the callback sends the browser on: the decoded value may hold characters a header
  // cannot (a path's `✓`), which before 2026-12-03 failed the answer with a 500 after the session had
  // ended, its cookies left set.
  const target = isAllowedRedirect(requested, tenantIdentity)
    ? new URL(requested).toString()
    : portalUrlOf(tenantIdentity);
  return reply.header('cache-control', 'no-store').redirect(target, 302);
}
