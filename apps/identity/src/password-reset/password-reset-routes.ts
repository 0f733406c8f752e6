import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findAdviser } from '../accounts/adviser-account.ts';
import { newPasswordErrors, setPassword } from '../accounts/change-password.ts';
import type { IdentityMail } from '../accounts/identity-mail.ts';
import { consumeLinkToken, linkTokenAccount, passwordResetLink } from '../accounts/link-tokens.ts';
import { hashPassword } from '../accounts/password-hashing.ts';
import { signInRefusal } from '../accounts/sign-in-guard.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { clientTenantFor, portalUrlOf } from '../routes/client-tenant-for.ts';
import { foreignFormMessage, sentFromThisOrigin } from '../routes/sent-from-this-origin.ts';
import { singleValue } from '../routes/tenant-identity-for.ts';
import {
  forgotPasswordPath,
  renderForgotPasswordPage,
  renderPasswordResetDone,
  renderResetPasswordPage,
  resetPasswordPath,
  withClient,
} from './password-reset-pages.ts';

const invalidEmail = 'Please enter a valid email address';
const deadLink = 'This link has expired or was already used. Please ask for a new one.';

/** A plausible address: one `@`, something either side, no spaces, at most 254 characters. */
const emailShape = /^[^\s@]+@[^\s@]+$/;

/**
 * A forgotten password, on the single sign-on tenant: `/app/forgot-password/` takes an e-mail
 * address and, when it is an active adviser's, e-mails a link that works once for an hour
 * (`accounts/link-tokens.ts`); `/app/reset-password/` sets the new password from it, ends every sign-in
 * of the adviser and audits it (`admin_user.password.reset`). Whether an address has an account is
 * never told: the answer is the same either way. Each request counts against the host's limit on
 * e-mail-sending requests (the registration guard: per address and per IP).
 */
export async function passwordResetRoutes(
  app: FastifyInstance,
  { identity, mail }: { identity: IdentityService; mail: IdentityMail },
) {
  await app.register(formBody, { bodyLimit: 16 * 1024 });

  app.get(forgotPasswordPath, async (request, reply) => {
    const found = await clientTenantFor(identity, request, reply);
    if (!found) return reply;
    return sendPage(reply, renderForgotPasswordPage(forgotPage(found)));
  });

  app.post(forgotPasswordPath, async (request, reply) => {
    const found = await clientTenantFor(identity, request, reply);
    if (!found) return reply;
    const { tenant, origin } = found;
    if (!sentFromThisOrigin(request, origin))
      return sendPage(reply, renderErrorPage(tenant, foreignFormMessage), 403);
    const email = (singleValue(request.body, 'email') ?? '').trim();
    if (!emailShape.test(email) || email.length > 254) {
      return sendPage(
        reply,
        renderForgotPasswordPage({ ...forgotPage(found), email, error: invalidEmail }),
        400,
      );
    }
    const guard = identity.registrationGuard;
    try {
      await guard?.assertAllowed({ tenantId: tenant.id, email, ip: request.ip });
    } catch (error) {
      const refusal = signInRefusal(error);
      if (!refusal) throw error;
      const page = renderForgotPasswordPage({ ...forgotPage(found), email, error: refusal.message });
      return sendPage(reply.header('retry-after', String(refusal.retryAfterSeconds)), page, 429);
    }
    // The answer must not tell whether the address has an account, by its words or by its time:
    // the address is looked up, and its link written and e-mailed (an SMTP server's round trips),
    // by a queued job, or, without a queue, once the answer has gone.
    await mail.passwordReset(
      { tenantId: tenant.id, email, origin, clientId: found.clientId },
      request,
      reply,
    );
    return sendPage(reply, renderForgotPasswordPage({ ...forgotPage(found), email, sent: true }));
  });

  app.get(resetPasswordPath, async (request, reply) => {
    const found = await clientTenantFor(identity, request, reply);
    if (!found) return reply;
    const token = singleValue(request.query, 'token') ?? '';
    if ((await linkTokenAccount(identity.db, passwordResetLink, token)) === undefined)
      return sendDeadLink(reply, found);
    return sendPage(
      reply,
      renderResetPasswordPage({ tenant: found.tenant, clientId: found.clientId, token }),
    );
  });

  app.post(resetPasswordPath, async (request, reply) => {
    const found = await clientTenantFor(identity, request, reply);
    if (!found) return reply;
    const { tenant, clientId, origin } = found;
    if (!sentFromThisOrigin(request, origin))
      return sendPage(reply, renderErrorPage(tenant, foreignFormMessage), 403);
    const token = singleValue(request.body, 'token') ?? '';
    const password = singleValue(request.body, 'password') ?? '';
    if ((await linkTokenAccount(identity.db, passwordResetLink, token)) === undefined)
      return sendDeadLink(reply, found);
    const errors = newPasswordErrors(
      password,
      singleValue(request.body, 'password_confirmation') ?? '',
      identity.refusePassword,
    );
    if (Object.keys(errors).length > 0)
      return sendPage(reply, renderResetPasswordPage({ tenant, clientId, token, errors }), 400);
    const passwordHash = await hashPassword(password);
    const done = await identity.db.transaction().execute(async (trx) => {
      // The account's row first, as every other setter of a password takes it (the account page's
      // update, the platform's reset), and then the link: setting a password deletes the account's
      // reset links (`spendPasswordLinks`), so a use of the link and a change at the account page
      // at once took the two rows in opposite orders, a deadlock (a 500) on PostgreSQL.
      const owner = await linkTokenAccount(trx, passwordResetLink, token);
      if (owner !== undefined)
        await trx.selectFrom('admin_users').select('id').where('id', '=', owner).forNoKeyUpdate().execute();
      // Used up here, so that of two uses at once only one sets a password.
      const accountId = await consumeLinkToken(trx, passwordResetLink, token);
      const adviser =
        accountId === undefined ? undefined : await findAdviser(trx, tenant.id, { id: String(accountId) });
      if (!adviser) return false;
      const resetter = {
        tenantId: tenant.id,
        adminUserId: adviser.id,
        ip: request.ip,
        // Every sign-in ends: whoever knew the old password is signed out, this browser included.
        keep: { sessionId: undefined, refreshToken: undefined },
      };
      await setPassword(trx, resetter, passwordHash, 'admin_user.password.reset');
      return true;
    });
    if (!done) return sendDeadLink(reply, found);
    return sendPage(reply, renderPasswordResetDone(tenant, portalUrlOf(found)));
  });
}

function forgotPage(found: TenantIdentity) {
  return { tenant: found.tenant, clientId: found.clientId, portalUrl: portalUrlOf(found) };
}

function sendDeadLink(reply: FastifyReply, found: TenantIdentity): FastifyReply {
  const again = withClient(forgotPasswordPath, found.clientId);
  const page = renderErrorPage(found.tenant, deadLink, again, 'Ask for a new link');
  return sendPage(reply, page, 400);
}
