import { createHash } from 'node:crypto';
import type { imageSchema } from '@waratah/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../access/record-audit.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

export type ImageSummary = z.infer<typeof imageSchema>;

/** An adviser's images are its own and its practice's; clients keep none here. */
function ownedBy(db: Kysely<Database>, principal: Principal) {
  const query = db.selectFrom('images').where('tenant_id', '=', principal.tenantId);
  if (principal.kind !== 'admin_user') return query.where('id', '=', -1);
  const partyId = principal.externalPartyId;
  return query.where((eb) =>
    eb.or([
      eb('admin_user_id', '=', principal.adminUserId),
      ...(partyId === null ? [] : [eb('external_party_id', '=', partyId)]),
    ]),
  );
}

export async function listImages(
  db: Kysely<Database>,
  principal: Principal,
  urlPrefix: string,
): Promise<ImageSummary[]> {
  const rows = await ownedBy(db, principal)
    .select(['id', 'content_type', 'size_bytes', 'sha256', 'created_at'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    content_type: row.content_type,
    size: row.size_bytes,
    sha256: row.sha256,
    url: `${urlPrefix}/${row.id}/content`,
    created_at: new Date(row.created_at).toISOString(),
  }));
}

export async function getImageContent(db: Kysely<Database>, principal: Principal, id: number) {
  const row = await ownedBy(db, principal)
    .select(['content', 'content_type'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', `There is no image ${id}`);
  return row;
}

export async function saveImage(
  db: Kysely<Database>,
  principal: Principal,
  content: Buffer,
  contentType: string,
): Promise<number> {
  if (principal.kind !== 'admin_user') throw new AppError('not_found', 'There is no such resource');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('images')
      .values({
        tenant_id: principal.tenantId,
        admin_user_id: principal.adminUserId,
        external_party_id: principal.externalPartyId,
        content,
        content_type: contentType,
        size_bytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: principal,
      action: 'image.upload',
      targetType: 'image',
      targetId: row.id,
    });
    return row.id;
  });
}

export async function deleteImage(db: Kysely<Database>, principal: Principal, id: number): Promise<void> {
  const owned = await ownedBy(db, principal).select('id').where('id', '=', id).executeTakeFirst();
  if (!owned) throw new AppError('not_found', `There is no image ${id}`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('images').where('id', '=', id).execute();
    await recordAudit(trx, { actor: principal, action: 'image.delete', targetType: 'image', targetId: id });
  });
}
