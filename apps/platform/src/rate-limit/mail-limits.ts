import type { FastifyRequest } from 'fastify';
import type { AuthSettings } from '../auth/auth-settings.ts';
import { clientAddressKey } from './client-address-key.ts';
import { minutesFrom, RateLimitedError } from './rate-limited-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

const hour = 3600;

/** How many senders' worth of `mailsPerAddress` an address may be sent by anonymous requests in all. */
export const strangersPerAddress = 3;

export interface MailTarget {
  tenantId: string;
  email: string;
}

/**
 * Who asks for the e-mail, for the second count: the client IP of an anonymous request (a reset
 * link, a registration); the adviser who invites a client, whose office may share one address with
 * its colleagues, so that one adviser's invitations do not use up theirs.
 */
export type MailSender = { ip: string } | { adminUserId: number };

/**
 * Counts a request that may send an e-mail (reset, invitation, registration, verification code)
 * per sender (`MailSender`), per address for that sender, and per address for all anonymous
 * senders together (`strangersPerAddress` times the address's limit), and refuses past any with 429 and
 * `Retry-After` (set by the error handler). It counts whether or not an e-mail then goes out, so the
 * answer never tells which addresses have accounts. Called before anything is written: a refused
 * request changes nothing.
 */
export function assertMailAllowed(
  request: FastifyRequest,
  target: MailTarget,
  sender: MailSender = { ip: request.ip },
): Promise<void> {
  const { rateLimiter, authSettings } = request.server;
  return countMailRequest(rateLimiter, authSettings, target, sender);
}

/** `assertMailAllowed` for a caller with no Fastify request: the identity's registration form. */
export async function countMailRequest(
  rateLimiter: RateLimiter,
  authSettings: AuthSettings,
  target: MailTarget,
  sender: MailSender,
): Promise<void> {
  // The sender first: one over its limit is refused before the address is counted, so its refused
  // requests, each naming a new address, write no counter row (before 2026-11-30 each did).
  const senderKey =
    'ip' in sender
      ? `ip:${clientAddressKey(sender.ip)}`
      : `admin_user:${target.tenantId}:${sender.adminUserId}`;
  const bySender = await rateLimiter.hit({
    key: `mail:${senderKey}`,
    limit: authSettings.mailsPerIp,
    windowSeconds: hour,
  });
  const address = `mail:address:${target.tenantId}:${target.email.trim().toLowerCase()}`;
  // The address, counted for this sender: one sender's requests cannot use up another's, so that
  // strangers asking for an address's reset link keep neither its owner from theirs nor a practice
  // from inviting it. Before 2026-12-03 one count per address served everyone: ten anonymous
  // requests an hour refused the owner's own reset link, and any invitation of them, for as long as
  // they went on.
  const byAddress = bySender.limited
    ? bySender
    : await rateLimiter.hit({
        key: `${address}:${senderKey}`,
        limit: authSettings.mailsPerAddress,
        windowSeconds: hour,
      });
  // And the anonymous requests for it from anywhere, at `strangersPerAddress` times that: what an
  // address can be sent in an hour by those who did not sign in.
  const state =
    byAddress.limited || !('ip' in sender)
      ? byAddress
      : await rateLimiter.hit({
          key: address,
          limit: authSettings.mailsPerAddress * strangersPerAddress,
          windowSeconds: hour,
        });
  if (!state.limited) return;
  const retryAfter = state.retryAfterSeconds;
  throw new RateLimitedError(
    `Too many e-mails requested; try again in ${minutesFrom(retryAfter)}`,
    retryAfter,
  );
}
