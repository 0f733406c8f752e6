import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changePassword } from '../accounts/change-password.ts';
import { verifyPassword } from '../accounts/password-hashing.ts';
import { refusalOf } from '../accounts/sign-in-guard.ts';
import { clientRefusal } from '../hosted-backend/start-authorization.ts';
import { tokenCookies } from '../hosted-backend/token-cookies.ts';
import { adviserFromCookie } from '../hosted-backend/verify-access-token.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { signInDeviceOf } from '../interactions/sign-in-device-cookie.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { portalUrlOf } from '../routes/client-tenant-for.ts';
import { foreignFormMessage, sentFromThisOrigin } from '../routes/sent-from-this-origin.ts';
import { singleValue, tenantIdentityFor } from '../routes/tenant-identity-for.ts';
import { renderAccountPage } from './account-page.ts';

/** `/account/?client_id=…` (FusionAuth's account page, which its SDKs' manageAccount opens) and its change-password form. */
export async function accountRoutes(app: FastifyInstance, { identity }: { identity: IdentityService }) {
  await app.register(formBody, { bodyLimit: 16 * 1024 });

  app.get('/account/', async (request, reply) => {
    const signedIn = await signedInAdviser(identity, request, reply);
    if (!signedIn) return reply;
    return sendPage(reply, renderAccountPage(signedIn));
  });

  app.post('/account/password', async (request, reply) => {
    const signedIn = await signedInAdviser(identity, request, reply);
    if (!signedIn) return reply;
    if (!sentFromThisOrigin(request, signedIn.tenantIdentity.origin)) {
      return sendPage(reply, renderErrorPage(signedIn.tenant, foreignFormMessage), 403);
    }
    // The current password is guessed against the sign-in form's limits: a browser left signed in
    // must not let anyone try passwords without end.
    const attempt = {
      tenantId: signedIn.tenant.id,
      username: signedIn.adviser.email,
      ip: request.ip,
      device: signInDeviceOf(request),
    };
    const guard = identity.signInGuard;
    const refusal = await refusalOf(guard && (() => guard.countAttempt(attempt)));
    if (refusal) {
      const page = renderAccountPage({ ...signedIn, errors: { current_password: refusal.message } });
      return sendPage(reply.header('retry-after', String(refusal.retryAfterSeconds)), page, 429);
    }
    const current = singleValue(request.body, 'current_password') ?? '';
    const currentValid = await verifyPassword(signedIn.adviser.passwordHash, current);
    if (currentValid) await guard?.forgiveAttempt(attempt);
    const changer = {
      tenantId: signedIn.tenant.id,
      adminUserId: signedIn.adviser.id,
      ip: request.ip,
      keep: { sessionId: request.cookies._session, refreshToken: request.cookies[tokenCookies.refreshToken] },
    };
    const result = await changePassword(
      identity.db,
      changer,
      {
        currentValid,
        password: singleValue(request.body, 'password') ?? '',
        passwordConfirmation: singleValue(request.body, 'password_confirmation') ?? '',
      },
      identity.refusePassword,
    );
    if (!result.ok) return sendPage(reply, renderAccountPage({ ...signedIn, errors: result.errors }), 400);
    return sendPage(reply, renderAccountPage({ ...signedIn, notice: 'Your password has been changed.' }));
  });
}

async function signedInAdviser(identity: IdentityService, request: FastifyRequest, reply: FastifyReply) {
  const tenantIdentity = await tenantIdentityFor(identity, request, reply);
  if (!tenantIdentity) return undefined;
  const clientId = singleValue(request.query, 'client_id');
  const refusal = clientRefusal(tenantIdentity, clientId);
  if (refusal) {
    await sendPage(reply, renderErrorPage(tenantIdentity.tenant, refusal), 400);
    return undefined;
  }
  const adviser = await adviserFromCookie(identity, tenantIdentity, request);
  if (!adviser) {
    await reply.redirect(signInUrl(tenantIdentity), 302);
    return undefined;
  }
  return {
    tenantIdentity,
    tenant: tenantIdentity.tenant,
    adviser,
    clientId: tenantIdentity.clientId,
    portalUrl: portalUrlOf(tenantIdentity),
  };
}

function signInUrl({ origin, clientId }: TenantIdentity): string {
  const accountUrl = `${origin}/account/?client_id=${encodeURIComponent(clientId)}`;
  return `/app/login/?${new URLSearchParams({ client_id: clientId, redirect_uri: accountUrl })}`;
}
