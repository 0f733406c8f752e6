import type { FastifyReply } from 'fastify';
import { pageHeaders } from './page-layout.ts';

export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.code(status).headers(pageHeaders).send(page);
}
