import { createHash } from 'node:crypto';
import type { imageSchema } from '@waratah/contracts';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { recordAudit } from '../access/record-audit.ts';
import type { AdminUserPrincipal, Principal } from '../auth/principal.ts';
import type { Database } from '../db/database-schema.ts';
import { AppError } from '../errors/app-error.ts';

export type ImageSummary = z.infer<typeof imageSchema>;

/**
 * What one practice keeps, all its advisers' uploads together (an adviser without a practice: its
 * own). Before 2026-12-01 nothing bounded it, and anyone may register as an adviser: an account
 * could fill the database 8 MB at a time.
 */
export const imageQuota = { images: 200, bytes: 256 * 1024 * 1024 } as const;
/** The first key of the advisory lock an upload takes; the second is the practice's or adviser's id. */
const practiceUploadLockClass = 7_303;
const adviserUploadLockClass = 7_304;

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
    await assertRoomForImage(trx, principal, content.length);
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

/**
 * Deletes one of the caller's images, or 404: the ownership is a condition of the delete itself, so
 * two deletes at once answer 204 and 404 with one audit row (before 2026-12-02 both read it owned
 * first and both answered 204, each audited).
 */
export async function deleteImage(db: Kysely<Database>, principal: Principal, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('images')
      .where('id', 'in', ownedBy(trx, principal).select('id').where('id', '=', id))
      .executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError('not_found', `There is no image ${id}`);
    await recordAudit(trx, { actor: principal, action: 'image.delete', targetType: 'image', targetId: id });
  });
}

/**
 * Refuses (403) an upload past `imageQuota`, naming what is kept. It counts what the adviser's image
 * list holds (its own uploads and its practice's), so an adviser's uploads from before it joined a
 * practice count against its room there. Uploads of one practice take turns (an advisory lock
 * until the transaction ends), so two at once cannot both take the last room.
 */
async function assertRoomForImage(
  trx: Kysely<Database>,
  principal: AdminUserPrincipal,
  size: number,
): Promise<void> {
  const partyId = principal.externalPartyId;
  const [lockClass, ownerId] =
    partyId === null ? [adviserUploadLockClass, principal.adminUserId] : [practiceUploadLockClass, partyId];
  await sql`select pg_advisory_xact_lock(${lockClass}::int, ${ownerId}::int)`.execute(trx);
  // What the adviser's image list holds: its own and its practice's.
  const used = await ownedBy(trx, principal)
    .select((eb) => [
      eb.fn.countAll<string>().as('images'),
      sql<string>`coalesce(sum(size_bytes), 0)::text`.as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  const images = Number(used.images);
  const bytes = Number(used.bytes);
  if (images < imageQuota.images && bytes + size <= imageQuota.bytes) return;
  const whose = partyId === null ? 'You' : 'Your practice';
  const sized = (value: number) =>
    value < 1024
      ? `${value} bytes`
      : value < 1024 * 1024
        ? `${Math.floor(value / 1024)} KB`
        : `${Number((value / (1024 * 1024)).toFixed(1))} MB`;
  throw new AppError(
    'forbidden',
    images >= imageQuota.images
      ? `${whose} ${partyId === null ? 'keep' : 'keeps'} ${images} images, the most allowed; delete one to upload another`
      : `${whose} ${partyId === null ? 'have' : 'has'} ${sized(imageQuota.bytes - bytes)} of ${sized(imageQuota.bytes)} of images left, and this one is ${sized(size)}; delete some to upload it`,
  );
}
