import { imageListResponseSchema } from '@waratah/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageQuota } from '../../../images/images-repository.ts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.ts';
import { createSignedInAdminUser, type SignedInAdminUser } from '../../../testing/sign-in.ts';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b30000000049454e44ae426082',
  'hex',
);

function multipart(content: Buffer, type: string) {
  const boundary = 'waratah-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('adviser images', () => {
  let testApp: TestApp;
  let adviser: SignedInAdminUser;

  beforeAll(async () => {
    testApp = await buildTestApp();
    adviser = await createSignedInAdminUser(testApp.app);
  });
  afterAll(() => testApp.close());

  const upload = (content: Buffer, type: string, headers = adviser.headers) => {
    const { payload, contentType } = multipart(content, type);
    return testApp.app.inject({
      method: 'POST',
      url: '/api/adviser/images/upload',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  };

  it('uploads, lists, serves and deletes an image', async () => {
    const created = await upload(png, 'image/png');
    expect(created.statusCode).toBe(201);
    const [image] = imageListResponseSchema.parse(created.json()).data;
    expect(image).toMatchObject({ content_type: 'image/png', size: png.length });
    const listed = imageListResponseSchema.parse(
      (
        await testApp.app.inject({ method: 'GET', url: '/api/adviser/images', headers: adviser.headers })
      ).json(),
    ).data;
    expect(listed.map((item) => item.id)).toEqual([image?.id]);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/v2/images', headers: adviser.headers })).json()
        .data,
    ).toHaveLength(1);
    const content = await testApp.app.inject({
      method: 'GET',
      url: image?.url ?? '',
      headers: adviser.headers,
    });
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.rawPayload.equals(png)).toBe(true);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/adviser/images/${image?.id}`,
          headers: adviser.headers,
        })
      ).statusCode,
    ).toBe(204);
  });

  it('deletes an image once when two deletes come at once: 204 and 404, one audit row', async () => {
    const [image] = imageListResponseSchema.parse((await upload(png, 'image/png')).json()).data;
    const remove = () =>
      testApp.app.inject({
        method: 'DELETE',
        url: `/api/adviser/images/${image?.id}`,
        headers: adviser.headers,
      });
    const answers = await Promise.all([remove(), remove()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
    const audited = await testApp.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'image.delete')
      .where('target_id', '=', String(image?.id))
      .execute();
    expect(audited).toHaveLength(1);
  });

  describe('the quota', () => {
    const keptBy = async (where: { partyId: number } | { adviserId: number }) =>
      (
        await testApp.database.db
          .selectFrom('images')
          .select('id')
          .where(
            'partyId' in where
              ? (eb) => eb('external_party_id', '=', where.partyId)
              : (eb) => eb('admin_user_id', '=', where.adviserId),
          )
          .execute()
      ).length;
    const stored = (
      owner: { admin_user_id: number | null; external_party_id: number | null },
      size = png.length,
    ) => ({
      tenant_id: 'moneypartner',
      ...owner,
      content: png,
      content_type: 'image/png',
      size_bytes: size,
      sha256: '0'.repeat(64),
    });

    it('keeps a practice to 200 images, its advisers’ uploads together, and says so; a deleted one makes room', async () => {
      const owner = await createSignedInAdminUser(testApp.app);
      const partyId = owner.externalParty?.id ?? expect.unreachable();
      // Another of the practice's advisers uploaded the rest.
      await testApp.database.db
        .insertInto('images')
        .values(
          Array.from({ length: imageQuota.images - 1 }, () =>
            stored({ admin_user_id: null, external_party_id: partyId }),
          ),
        )
        .execute();
      expect((await upload(png, 'image/png', owner.headers)).statusCode).toBe(201);
      const refused = await upload(png, 'image/png', owner.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        error_code: 'F0201',
        error_message: 'Your practice keeps 200 images, the most allowed; delete one to upload another',
      });
      expect(await keptBy({ partyId })).toBe(imageQuota.images);

      const [mine] = imageListResponseSchema
        .parse(
          (
            await testApp.app.inject({ method: 'GET', url: '/api/adviser/images', headers: owner.headers })
          ).json(),
        )
        .data.slice(-1);
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/adviser/images/${mine?.id}`,
        headers: owner.headers,
      });
      expect((await upload(png, 'image/png', owner.headers)).statusCode).toBe(201);
    });

    it('counts the bytes too, to the byte; an adviser without a practice keeps its own', async () => {
      const solo = await createSignedInAdminUser(testApp.app, { externalPartyStatus: null });
      expect(solo.externalParty).toBeFalsy();
      const adviserId = solo.adminUser.id;
      const [big] = await testApp.database.db
        .insertInto('images')
        .values(stored({ admin_user_id: adviserId, external_party_id: null }, imageQuota.bytes - png.length))
        .returning('id')
        .execute();
      // Exactly full once this one is in.
      expect((await upload(png, 'image/png', solo.headers)).statusCode).toBe(201);
      const refused = await upload(png, 'image/png', solo.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.error_message).toBe(
        `You have 0 bytes of 256 MB of images left, and this one is ${png.length} bytes; delete some to upload it`,
      );
      expect(await keptBy({ adviserId })).toBe(2);
      await testApp.database.db
        .deleteFrom('images')
        .where('id', '=', big?.id ?? 0)
        .execute();
    });
  });

  it('refuses other types, and other advisers’ images', async () => {
    expect((await upload(Buffer.from('hello'), 'text/plain')).statusCode).toBe(415);
    // A page named as an image is found out by its bytes, and nothing is stored.
    const before = await testApp.database.db.selectFrom('images').select('id').execute();
    const page = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const disguised = await upload(page, 'image/png');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().error.error_message).toBe('The image must be PNG, JPEG or HEIC');
    expect(await testApp.database.db.selectFrom('images').select('id').execute()).toEqual(before);
    // A body that is not the multipart it claims is the caller's error; so is a file past 8 MB.
    const { payload } = multipart(png, 'image/png');
    for (const contentType of ['multipart/form-data; boundary=', 'multipart/form-data']) {
      const broken = await testApp.app.inject({
        method: 'POST',
        url: '/api/adviser/images/upload',
        headers: { ...adviser.headers, 'content-type': contentType },
        payload,
      });
      expect(broken.statusCode, contentType).toBe(400);
      expect(broken.json().error.error_message).toBe('The body is not valid multipart/form-data');
    }
    const large = await upload(Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]), 'image/png');
    expect(large.statusCode).toBe(413);
    expect(await testApp.database.db.selectFrom('images').select('id').execute()).toEqual(before);
    // A PNG sent as JPEG is kept, and served, as what it is.
    const [renamed] = (await upload(png, 'image/jpeg')).json().data;
    expect(renamed.content_type).toBe('image/png');
    const [image] = (await upload(png, 'image/png')).json().data;
    const other = await createSignedInAdminUser(testApp.app);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/adviser/images/${image.id}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
