import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database-schema.ts';

const pageSize = 200;

/** The latest development-mailbox messages, newest first, optionally only those to one address. */
export function listMailMessages(db: Kysely<Database>, to?: string) {
  let query = db
    .selectFrom('mail_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize);
  if (to) query = query.where(sql<string>`lower(to_address)`, '=', to.trim().toLowerCase());
  return query.execute();
}
