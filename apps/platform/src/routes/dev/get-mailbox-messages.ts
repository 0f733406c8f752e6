import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMailMessages } from './list-mail-messages.ts';

const messagesResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      tenant_id: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      links: z.array(z.object({ label: z.string(), url: z.string() })),
      created_at: z.string(),
    }),
  ),
});

/** `GET /dev/mailbox/messages.json?to=…`: the development mailbox for the browser tests, newest first. */
export const getMailboxMessages: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox/messages.json',
    {
      schema: {
        tags: ['development'],
        description: 'Only while no SMTP server is configured.',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: messagesResponseSchema },
      },
    },
    async (request, reply) => {
      const rows = await listMailMessages(app.database.db, request.query.to);
      reply.header('cache-control', 'no-store');
      return {
        data: rows.map((row) => ({
          id: row.id,
          tenant_id: row.tenant_id,
          to: row.to_address,
          subject: row.subject,
          text: row.text,
          html: row.html,
          links: row.links,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  );
};
