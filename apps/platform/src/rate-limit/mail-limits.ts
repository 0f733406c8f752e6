import type { FastifyRequest } from 'fastify';
import type { AuthSettings } from '../auth/auth-settings.ts';
import { clientAddressKey } from './client-address-key.ts';
import { minutesFrom, RateLimitedError } from './rate-limited-error.ts';
import type { RateLimiter } from './rate-limiter.ts';

const hour = 3600;

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
 * per address and per sender (`MailSender`), and refuses past either limit with 429 and
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
  const bySender = await rateLimiter.hit({
    key:
      'ip' in sender
        ? `mail:ip:${clientAddressKey(sender.ip)}`
        : `mail:admin_user:${target.tenantId}:${sender.adminUserId}`,
    limit: authSettings.mailsPerIp,
    windowSeconds: hour,
  });
  const state = bySender.limited
    ? bySender
    : await rateLimiter.hit({
        key: `mail:address:${target.tenantId}:${target.email.trim().toLowerCase()}`,
        limit: authSettings.mailsPerAddress,
        windowSeconds: hour,
      });
  if (!state.limited) return;
  const retryAfter = state.retryAfterSeconds;
  throw new RateLimitedError(
    `Too many e-mails requested; try again in ${minutesFrom(retryAfter)}`,
    retryAfter,
  );
}
