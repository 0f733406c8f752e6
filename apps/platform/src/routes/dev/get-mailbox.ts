import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMailMessages } from './list-mail-messages.ts';
import { renderMailboxPage } from './render-mailbox-page.ts';

/** `GET /dev/mailbox`: every e-mail the platform sent, newest first (DESIGN §2). */
export const getMailbox: FastifyPluginAsyncZod = async (app) => {
  app.get('/dev/mailbox', { schema: { tags: ['development'], hide: true } }, async (_request, reply) => {
    const rows = await listMailMessages(app.database.db);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderMailboxPage(rows));
  });
};
