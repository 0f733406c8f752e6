import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Runs `work` once the answer has gone (or the client has left), so that its time is not the
 * answer's: for the work an answer must not betray, such as the audit row of a wrong password,
 * which an address without an account does not have. A failure is logged, as nobody waits for it.
 * (The identity service has its own, apps/identity/src/routes/after-answer.ts: it never imports
 * the platform.)
 */
export function afterAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: string,
  work: () => Promise<void>,
): void {
  const run = () => {
    work().catch((error: unknown) => request.log.error({ err: error }, failure));
  };
  // A client that left while the answer was made (a slow password check) has closed it already:
  // 'close' will not come again.
  if (reply.raw.destroyed) setImmediate(run);
  else reply.raw.once('close', run);
}
