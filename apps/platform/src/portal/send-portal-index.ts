import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';

const notBuiltPage = [
  'The Waratah portal has not been built yet.',
  '',
  'Run `npm run build` in the repository root (or `npm start`, which builds it first), then reload this page.',
  '',
].join('\n');

/**
 * The portal's entry page for a history-mode route. Read on each request, so a rebuild shows
 * without a restart; `no-cache` makes browsers revalidate it, since it names the hashed assets.
 */
export async function sendPortalIndex(reply: FastifyReply, portalDist: string): Promise<FastifyReply> {
  const indexPath = join(portalDist, 'index.html');
  try {
    const html = await readFile(indexPath);
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  } catch (error) {
    if (!isMissing(error)) throw error;
    reply.log.warn({ indexPath }, 'the portal is not built');
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(notBuiltPage);
  }
}

function isMissing(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
