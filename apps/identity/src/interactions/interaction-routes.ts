import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import { findAdviser } from '../accounts/adviser-account.ts';
import type { IdentityMail } from '../accounts/identity-mail.ts';
import { verifyPassword } from '../accounts/password-hashing.ts';
import { registerAdviser } from '../accounts/register-adviser.ts';
import { registrationOffMessage, registrationOpen } from '../accounts/registration-open.ts';
import { refusalOf } from '../accounts/sign-in-guard.ts';
import { renderCheckYourEmailPage } from '../email-verification/email-verification-pages.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { saveFirstPartyGrant } from '../provider/grant-first-party-consent.ts';
import { loadOidcProvider } from '../provider/oidc-provider-module.ts';
import { afterAnswer } from '../routes/after-answer.ts';
import { portalUrlOf } from '../routes/client-tenant-for.ts';
import { foreignFormMessage, sentFromThisOrigin } from '../routes/sent-from-this-origin.ts';
import { singleValue, tenantIdentityFor } from '../routes/tenant-identity-for.ts';
import { passwordStampOf } from '../storage/password-checked-logins.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import { renderLoginForm } from './login-form.ts';
import { renderRegisterForm } from './register-form.ts';
import { setSignInDeviceCookie, signInDeviceOf } from './sign-in-device-cookie.ts';

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

const wrongCredentials = 'Incorrect email or password. Please try again.';

/**
 * The interactions oidc-provider sends the browser to (node-oidc-provider example/routes): sign-in
 * and registration. Consent never shows: the portal is first-party (see grantFirstPartyConsent).
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { identity, mail }: { identity: IdentityService; mail: IdentityMail },
) {
  await app.register(formBody, { bodyLimit: 16 * 1024 });
  const base = '/oauth2/interaction/:uid';

  app.get(base, (request: UidRequest, reply) =>
    withInteraction(identity, request, reply, async (tenantIdentity, interaction) => {
      const accountId = interaction.session?.accountId;
      if (interaction.prompt.name === 'consent' && accountId) {
        return finish(identity, tenantIdentity, interaction, request, reply, accountId);
      }
      // The portal's "Register" opens the form to create an account (`screen_hint=signup`); the
      // pages' own links switch between the two.
      // With registration off (the portal's `ta_register`), the sign-in form, offering none.
      const screen = singleValue(request.query, 'screen');
      const registration = await registrationOpen(identity, tenantIdentity);
      const register =
        registration &&
        (screen === 'register' || (screen !== 'login' && interaction.params.screen_hint === 'signup'));
      const { tenant } = tenantIdentity;
      return sendPage(
        reply,
        register
          ? renderRegisterForm({ tenant, uid: interaction.uid })
          : renderLoginForm({
              tenant,
              clientId: tenantIdentity.clientId,
              uid: interaction.uid,
              registration,
            }),
      );
    }),
  );

  app.post(`${base}/login`, (request: UidRequest, reply) =>
    withInteraction(identity, request, reply, async (tenantIdentity, interaction) => {
      const { tenant } = tenantIdentity;
      const email = singleValue(request.body, 'email')?.trim() ?? '';
      const password = singleValue(request.body, 'password') ?? '';
      const attempt = {
        tenantId: tenant.id,
        username: email,
        ip: request.ip,
        device: signInDeviceOf(request),
      };
      const guard = identity.signInGuard;
      const refusal = await refusalOf(guard && (() => guard.countAttempt(attempt)));
      if (refusal) {
        const page = renderLoginForm({
          tenant,
          clientId: tenantIdentity.clientId,
          uid: interaction.uid,
          email,
          error: refusal.message,
          registration: await registrationOpen(identity, tenantIdentity),
        });
        return sendPage(reply.header('retry-after', String(refusal.retryAfterSeconds)), page, 429);
      }
      const adviser = email ? await findAdviser(identity.db, tenant.id, { email }) : undefined;
      const valid = await verifyPassword(adviser?.passwordHash ?? null, password);
      if (!adviser || !valid) {
        // A wrong password for an account that exists is kept against it; an unknown name has no row
        // to name. The row is written after the answer, so the two answers take the same time: before
        // 2026-12-01 the first waited for its row, which told which addresses have accounts.
        if (adviser)
          afterAnswer(request, reply, 'The failed sign-in could not be audited', async () => {
            await auditSignIn(identity, tenantIdentity, request, adviser.id, 'session.sign_in_failed');
          });
        return sendPage(
          reply,
          renderLoginForm({
            tenant,
            clientId: tenantIdentity.clientId,
            uid: interaction.uid,
            email,
            error: wrongCredentials,
            registration: await registrationOpen(identity, tenantIdentity),
          }),
          401,
        );
      }
      await guard?.forgiveAttempt(attempt);
      // The right password, but the address was never confirmed: a new link, and no sign-in yet.
      if (!adviser.emailVerified)
        return askToConfirm(identity, mail, tenantIdentity, interaction, request, reply, adviser);
      await auditSignIn(identity, tenantIdentity, request, adviser.id, 'session.sign_in');
      // This browser is now known to the account: others' failures will not lock it out here.
      if (guard) setSignInDeviceCookie(request, reply, await guard.rememberDevice(attempt));
      return finish(
        identity,
        tenantIdentity,
        interaction,
        request,
        reply,
        String(adviser.id),
        adviser.passwordHash,
      );
    }),
  );

  app.post(`${base}/register`, (request: UidRequest, reply) =>
    withInteraction(identity, request, reply, async (tenantIdentity, interaction) => {
      const { tenant } = tenantIdentity;
      // Off for the portal: nothing is written or sent (before 2026-12-03 the form was taken).
      if (!(await registrationOpen(identity, tenantIdentity)))
        return sendPage(reply, renderErrorPage(tenant, registrationOffMessage), 403);
      const values = {
        givenName: singleValue(request.body, 'given_name') ?? '',
        familyName: singleValue(request.body, 'family_name') ?? '',
        email: singleValue(request.body, 'email') ?? '',
      };
      // Counted before the account is made: a refused form writes nothing and sends nothing.
      const guard = identity.registrationGuard;
      const attempt = { tenantId: tenant.id, email: values.email.trim(), ip: request.ip };
      const refusal = await refusalOf(guard && (() => guard.assertAllowed(attempt)));
      if (refusal) {
        const page = renderRegisterForm({ tenant, uid: interaction.uid, values, error: refusal.message });
        return sendPage(reply.header('retry-after', String(refusal.retryAfterSeconds)), page, 429);
      }
      const result = await registerAdviser(
        identity.db,
        tenant.id,
        {
          ...values,
          password: singleValue(request.body, 'password') ?? '',
          passwordConfirmation: singleValue(request.body, 'password_confirmation') ?? '',
          termsAccepted: singleValue(request.body, 'terms') === 'accepted',
        },
        request.ip,
        identity.refusePassword,
      );
      if (!result.ok) {
        return sendPage(
          reply,
          renderRegisterForm({ tenant, uid: interaction.uid, values, errors: result.errors }),
          400,
        );
      }
      const page = { tenant, email: values.email.trim(), signInUrl: signInUrlOf(interaction) };
      if (result.outcome === 'already-registered') {
        // The same page as a new address gets: only the address's owner learns it has an account.
        if (result.adminUserId !== undefined) {
          const asked = {
            tenantId: tenant.id,
            adminUserId: result.adminUserId,
            origin: tenantIdentity.origin,
            clientId: tenantIdentity.clientId,
            portalUrl: portalUrlOf(tenantIdentity),
          };
          await mail.alreadyRegistered(asked, request, reply).catch((error: unknown) => {
            request.log.error({ err: error }, 'The already-registered e-mail could not be queued');
          });
        }
        return sendPage(reply, renderCheckYourEmailPage(page));
      }
      if (result.outcome === 'invitation-waiting') {
        // The same page again; the invitee is sent a link to accept the invitation.
        const asked = {
          tenantId: tenant.id,
          adminUserId: result.adminUserId,
          origin: tenantIdentity.origin,
          clientId: tenantIdentity.clientId,
        };
        await mail.invitationWaiting(asked, request, reply).catch((error: unknown) => {
          request.log.error({ err: error }, 'The invitation-waiting e-mail could not be queued');
        });
        return sendPage(reply, renderCheckYourEmailPage(page));
      }
      // Not signed in until the address is confirmed: anyone may type anyone's address here, and the
      // account would send invitations in that name. The welcome follows the confirmation.
      const sent = await sendConfirmationLink(mail, tenantIdentity, result.adminUserId, request);
      return sendPage(reply, renderCheckYourEmailPage({ ...page, ...(!sent && { error: notSent }) }));
    }),
  );
}

const notSent = 'We could not send the e-mail just now. Sign in again in a few minutes to have a link sent.';

const signInUrlOf = (interaction: Interaction) =>
  `/oauth2/interaction/${encodeURIComponent(interaction.uid)}?screen=login`;

/** Queues a new link to confirm the address; false (logged) when it could not be. */
async function sendConfirmationLink(
  mail: IdentityMail,
  { tenant, origin, clientId }: TenantIdentity,
  adminUserId: number,
  request: FastifyRequest,
): Promise<boolean> {
  try {
    await mail.verifyEmail({ tenantId: tenant.id, adminUserId, origin, clientId });
    return true;
  } catch (error) {
    request.log.error({ err: error, adminUserId }, 'The link to confirm an e-mail address could not be sent');
    return false;
  }
}

/**
 * A sign-in with the right password whose address is not confirmed yet: a new link goes out, within
 * the limits on e-mail-sending requests (the registration guard), and the page says to open it.
 */
async function askToConfirm(
  identity: IdentityService,
  mail: IdentityMail,
  tenantIdentity: TenantIdentity,
  interaction: Interaction,
  request: FastifyRequest,
  reply: FastifyReply,
  adviser: { id: number; email: string },
) {
  const { tenant } = tenantIdentity;
  const page = { tenant, email: adviser.email, signInUrl: signInUrlOf(interaction) };
  const guard = identity.registrationGuard;
  const refusal = await refusalOf(
    guard && (() => guard.assertAllowed({ tenantId: tenant.id, email: adviser.email, ip: request.ip })),
  );
  if (refusal) {
    const refused = renderCheckYourEmailPage({ ...page, error: refusal.message });
    return sendPage(reply.header('retry-after', String(refusal.retryAfterSeconds)), refused, 429);
  }
  const sent = await sendConfirmationLink(mail, tenantIdentity, adviser.id, request);
  return sendPage(reply, renderCheckYourEmailPage({ ...page, ...(!sent && { error: notSent }) }), 403);
}

/**
 * Signs the adviser in and, the portal being first-party, consents for them in the same step —
 * the `prompt=consent` that `offline_access` needs is answered without showing a page. A sign-in at
 * the form keeps the stamp of the password hash it checked (`passwordStampOf`): once the password
 * changes, the store reads the interaction as absent, so it is never resumed into a code.
 */
async function finish(
  identity: IdentityService,
  { provider, clientId }: TenantIdentity,
  interaction: Interaction,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  checkedPasswordHash?: string | null,
) {
  const scope = typeof interaction.params.scope === 'string' ? interaction.params.scope : 'openid';
  const sameAccount = interaction.session?.accountId === accountId;
  const grantId = await saveFirstPartyGrant({
    provider,
    accountId,
    clientId,
    scope,
    grantId: sameAccount ? interaction.grantId : undefined,
    audience: identity.audience,
  });
  reply.hijack();
  await provider.interactionFinished(
    request.raw,
    reply.raw,
    {
      login: {
        accountId,
        ...(checkedPasswordHash && { passwordStamp: passwordStampOf(checkedPasswordHash) }),
      },
      consent: { grantId },
    },
    { mergeWithLastSubmission: false },
  );
  return reply;
}

/** A sign-in at the form, or a wrong password for an account: who, through which portal, from where. */
function auditSignIn(
  identity: IdentityService,
  { tenant, clientId }: TenantIdentity,
  request: FastifyRequest,
  adminUserId: number,
  action: 'session.sign_in' | 'session.sign_in_failed',
) {
  return recordIdentityAudit(identity.db, {
    tenantId: tenant.id,
    adminUserId,
    action,
    targetType: 'oauth_client',
    targetId: clientId,
    ip: request.ip,
  });
}

/** Loads the interaction the cookie names; an expired or unknown one gets a page that says so. */
async function withInteraction(
  identity: IdentityService,
  request: UidRequest,
  reply: FastifyReply,
  handle: (tenantIdentity: TenantIdentity, interaction: Interaction) => Promise<FastifyReply> | FastifyReply,
): Promise<FastifyReply> {
  const tenantIdentity = await tenantIdentityFor(identity, request, reply);
  if (!tenantIdentity) return reply;
  // The interaction cookie is SameSite=Lax, so another tenant's host on the same site could post a
  // form into this sign-in (signing the visitor in as someone else): only this origin's pages may.
  if (request.method === 'POST' && !sentFromThisOrigin(request, tenantIdentity.origin))
    return sendPage(reply, renderErrorPage(tenantIdentity.tenant, foreignFormMessage), 403);
  let interaction: Interaction;
  try {
    interaction = await tenantIdentity.provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    const { errors } = await loadOidcProvider();
    if (!(error instanceof errors.SessionNotFound)) throw error;
    return sendPage(reply, expiredPage(tenantIdentity), 400);
  }
  if (interaction.uid !== request.params.uid) return sendPage(reply, expiredPage(tenantIdentity), 400);
  return handle(tenantIdentity, interaction);
}

function expiredPage(tenantIdentity: TenantIdentity): string {
  return renderErrorPage(
    tenantIdentity.tenant,
    'This sign-in has expired or was already completed. Please start again.',
    portalUrlOf(tenantIdentity),
  );
}
