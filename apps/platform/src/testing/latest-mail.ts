import type { FastifyInstance } from 'fastify';

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: { label: string; url: string }[];
}

/** The newest development-mailbox message to `to`, read the way the browser tests read it. */
export async function latestMail(app: FastifyInstance, to: string): Promise<MailboxMessage | undefined> {
  const response = await app.inject({
    method: 'GET',
    url: `/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`,
  });
  const { data } = response.json() as { data: MailboxMessage[] };
  return data[0];
}

/** The value of a query parameter in the first link of a message. */
export function linkParameter(message: MailboxMessage | undefined, name: string): string {
  const url = message?.links[0]?.url;
  if (!url) throw new Error('The message has no link');
  return new URL(url).searchParams.get(name) ?? '';
}
