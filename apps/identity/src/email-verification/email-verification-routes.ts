import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { findAdviser } from '../accounts/adviser-account.ts';
import type { IdentityMail } from '../accounts/identity-mail.ts';
import { consumeLinkToken, emailVerificationLink, linkTokenAccount } from '../accounts/link-tokens.ts';
import { verifyPassword } from '../accounts/password-hashing.ts';
import { refusalOf } from '../accounts/sign-in-guard.ts';
import type { IdentityService, TenantIdentity } from '../identity-service.ts';
import { renderErrorPage } from '../pages/render-error-page.ts';
import { sendPage } from '../pages/send-page.ts';
import { clientTenantFor, portalUrlOf } from '../routes/client-tenant-for.ts';
import { foreignFormMessage, sentFromThisOrigin } from '../routes/sent-from-this-origin.ts';
import { singleValue } from '../routes/tenant-identity-for.ts';
import { recordIdentityAudit } from '../storage/record-identity-audit.ts';
import {
  renderEmailVerifiedPage,
  renderVerifyEmailPage,
  verifyEmailPath,
} from './email-verification-pages.ts';

const deadLink = 'This link has expired or was already used. Sign in to have a new one sent.';
const wrongPassword = 'Incorrect password. Please try again.';

/**
 * A new adviser confirms their e-mail address (single sign-on tenant): the registration e-mails a
 * link that works once for 24 hours (`accounts/link-tokens.ts`); `/app/verify-email/` asks for the
 * password chosen at registration, whose form marks the address confirmed, audits it
 * (`admin_user.email.verify`) and sends the welcome. Until then the adviser cannot sign in
 * (`interactions/interaction-routes.ts`).
 */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { identity, mail }: { identity: IdentityService; mail: IdentityMail },
) {
  await app.register(formBody, { bodyLimit: 16 * 1024 });

  app.get(verifyEmailPath, async (request, reply) => {
    const found = await clientTenantFor(identity, request, reply);
    if (!found) return reply;
    const token = singleValue(request.query, 'token') ?? '';
    const adviser = await linkOwner(identity, found, token);
    if (!adviser) return sendDeadLink(reply, found);
    const page = renderVerifyEmailPage({
      tenant: found.tenant,
      clientId: found.clientId,
      token,
      email: adviser.email,
    });
    return sendPage(reply, page);
  });

  app.post(verifyEmailPath, async (request, reply) => {
    const found = await clientTenantFor(identity, request, reply);
    if (!found) return reply;
    const { tenant, origin } = found;
    if (!sentFromThisOrigin(request, origin))
      return sendPage(reply, renderErrorPage(tenant, foreignFormMessage), 403);
    const token = singleValue(request.body, 'token') ?? '';
    const owner = await linkOwner(identity, found, token);
    if (!owner) return sendDeadLink(reply, found);
    // The password chosen at registration, counted as a sign-in attempt (the same limits): the
    // mailbox alone does not confirm an account someone else registered with its address.
    const page = (error: string) =>
      renderVerifyEmailPage({ tenant, clientId: found.clientId, token, email: owner.email, error });
    const attempt = { tenantId: tenant.id, username: owner.email, ip: request.ip };
    const guard = identity.signInGuard;
    const refusal = await refusalOf(guard && (() => guard.countAttempt(attempt)));
    if (refusal)
      return sendPage(
        reply.header('retry-after', String(refusal.retryAfterSeconds)),
        page(refusal.message),
        429,
      );
    if (!(await verifyPassword(owner.passwordHash, singleValue(request.body, 'password') ?? '')))
      return sendPage(reply, page(wrongPassword), 401);
    await guard?.forgiveAttempt(attempt);
    const verified = await identity.db.transaction().execute(async (trx) => {
      // The account's row first, as a new link's issue takes it (`issueLinkToken`, which deletes the
      // account's earlier links): taking the link and then the account, against an issue taking them
      // the other way, is a deadlock on PostgreSQL (since 2026-12-03, when issues began to lock).
      const locked = await trx
        .selectFrom('admin_users')
        .select('password_hash')
        .where('id', '=', owner.id)
        .forNoKeyUpdate()
        .executeTakeFirst();
      // The password checked above must still be the account's: a registration of the address again
      // during the check replaced it, and the account is now the new registrant's to confirm (before
      // 2026-12-03 it was confirmed here under their password, by the old one's holder).
      if (locked?.password_hash !== owner.passwordHash) return 'password-replaced' as const;
      // Used up here, so that of two uses at once only one confirms and welcomes.
      const used = await consumeLinkToken(trx, emailVerificationLink, token);
      const adviser = used === owner.id ? await findAdviser(trx, tenant.id, { id: String(used) }) : undefined;
      if (!adviser) return undefined;
      // Confirmed meanwhile (a password reset proves the address too): nothing more to record or send.
      if (adviser.emailVerified) return { adviser, confirmedNow: false };
      await trx
        .updateTable('admin_users')
        .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())`, updated_at: new Date() })
        .where('id', '=', adviser.id)
        .execute();
      await recordIdentityAudit(trx, {
        tenantId: tenant.id,
        adminUserId: adviser.id,
        action: 'admin_user.email.verify',
        targetType: 'admin_user',
        targetId: adviser.id,
        ip: request.ip,
      });
      return { adviser, confirmedNow: true };
    });
    if (verified === 'password-replaced') return sendPage(reply, page(wrongPassword), 401);
    if (!verified) return sendDeadLink(reply, found);
    const { adviser, confirmedNow } = verified;
    if (confirmedNow)
      await mail.welcome(
        {
          tenantId: tenant.id,
          adminUserId: adviser.id,
          email: adviser.email,
          givenName: adviser.givenName,
          familyName: adviser.familyName,
          portalOrigin: found.portalOrigin,
        },
        request.log,
      );
    return sendPage(reply, renderEmailVerifiedPage(tenant, `${portalUrlOf(found)}register/company`));
  });
}

/** The active adviser of the tenant a live link was issued to, without using the link up. */
async function linkOwner(identity: IdentityService, found: TenantIdentity, token: string) {
  const accountId = await linkTokenAccount(identity.db, emailVerificationLink, token);
  if (accountId === undefined) return undefined;
  return findAdviser(identity.db, found.tenant.id, { id: String(accountId) });
}

function sendDeadLink(reply: FastifyReply, found: TenantIdentity): FastifyReply {
  return sendPage(reply, renderErrorPage(found.tenant, deadLink, portalUrlOf(found), 'Sign in'), 400);
}
