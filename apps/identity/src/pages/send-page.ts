import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageHeaders } from './page-layout.ts';

const formTargets = new WeakMap<FastifyRequest, readonly string[]>();

/**
 * Remembers, for the pages this request may send, the tenant's origins its forms' redirects may
 * end on. `tenantIdentityFor`, which every identity route passes before it renders anything, calls
 * it; a page sent without it lets its forms reach this origin only.
 */
export function rememberFormTargets(request: FastifyRequest, origins: readonly string[]): void {
  formTargets.set(request, origins);
}

export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .headers(pageHeaders(formTargets.get(reply.request) ?? []))
    .send(page);
}
