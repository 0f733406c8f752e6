import type { FastifyReply } from 'fastify';
import { minutesFrom, RateLimitedError } from './rate-limited-error.ts';

const hour = 3600;

export interface MailTarget {
  tenantId: string;
  email: string;
}

/**
 * Counts a request that may send an e-mail (reset, invitation, registration, verification code)
 * per address and per client IP, and refuses past either limit with 429 and `Retry-After`. It
 * counts whether or not an e-mail then goes out, so the answer never tells which addresses have
 * accounts.
 */
export async function assertMailAllowed(reply: FastifyReply, target: MailTarget): Promise<void> {
  const { rateLimiter, authSettings } = reply.server;
  const states = await Promise.all([
    rateLimiter.hit({
      key: `mail:address:${target.tenantId}:${target.email.trim().toLowerCase()}`,
      limit: authSettings.mailsPerAddress,
      windowSeconds: hour,
    }),
    rateLimiter.hit({
      key: `mail:ip:${reply.request.ip}`,
      limit: authSettings.mailsPerIp,
      windowSeconds: hour,
    }),
  ]);
  const limited = states.filter((state) => state.limited);
  if (limited.length === 0) return;
  const retryAfter = Math.max(...limited.map((state) => state.retryAfterSeconds));
  reply.header('retry-after', String(retryAfter));
  throw new RateLimitedError(
    `Too many e-mails requested; try again in ${minutesFrom(retryAfter)}`,
    retryAfter,
  );
}
