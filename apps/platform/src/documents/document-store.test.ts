import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configuredDocumentStore,
  type DocumentStore,
  databaseDocumentStore,
  diskDocumentStore,
  MissingDocumentFile,
  s3DocumentStore,
  s3ObjectUrl,
  s3RequestTimeoutMs,
} from './document-store.ts';
import { startS3TestServer } from './testing/s3-test-server.ts';

/** Every byte value, so that an encoding slip anywhere would show. */
const binary = Buffer.from(Array.from({ length: 1024 }, (_, index) => (index * 7) % 256));

/** The contract every file store keeps; run against each store below. */
function documentStoreContract(
  name: string,
  setup: () => Promise<{ store: DocumentStore; storage: 'disk' | 's3'; teardown(): Promise<void> }>,
) {
  describe(`${name} store (shared contract)`, () => {
    let store: DocumentStore;
    let storage: 'disk' | 's3';
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ store, storage, teardown } = await setup());
    }, 30_000);
    afterAll(() => teardown());

    it('stores a file per tenant and export and reads back the same bytes', async () => {
      const pdf = await store.save({ tenantId: 'waratah', exportId: 'a1', extension: 'pdf', bytes: binary });
      expect(pdf).toMatchObject({ storage, content: null });
      expect(pdf.key).toMatch(/waratah[\\/]a1\.pdf$/);
      const xlsx = Buffer.from('PK spreadsheet bytes');
      const other = await store.save({
        tenantId: 'moneypartner',
        exportId: 'a1',
        extension: 'xlsx',
        bytes: xlsx,
      });
      expect(other.key).not.toBe(pdf.key);
      expect(await store.load(pdf)).toEqual(binary);
      expect(await store.load(other)).toEqual(xlsx);
    });

    it('says clearly when a file is missing', async () => {
      const saved = await store.save({
        tenantId: 'waratah',
        exportId: 'gone',
        extension: 'pdf',
        bytes: binary,
      });
      const missing = { ...saved, key: saved.key?.replace('gone', 'never-written') ?? null };
      await expect(store.load(missing)).rejects.toThrow(/missing/);
    });

    it('deletes a file, and deleting it again is no error', async () => {
      const saved = await store.save({
        tenantId: 'waratah',
        exportId: 'b2',
        extension: 'pdf',
        bytes: binary,
      });
      await store.remove(saved);
      await expect(store.load(saved)).rejects.toThrow(/missing/);
      await expect(store.remove(saved)).resolves.toBeUndefined();
    });

    it('locates the file it saved, so that one never recorded can be removed', async () => {
      const name = { tenantId: 'waratah', exportId: 'c3', extension: 'xlsx' };
      const saved = await store.save({ ...name, bytes: binary });
      expect(store.locate(name)).toEqual(saved);
      await store.remove(store.locate(name));
      await expect(store.load(saved)).rejects.toThrow(/missing/);
    });

    it('refuses a file recorded in another store', async () => {
      await expect(store.load({ storage: 'database', key: null, content: null })).rejects.toThrow(
        /not (on disk|in object storage)/,
      );
    });
  });
}

documentStoreContract('disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'documents-'));
  return {
    store: diskDocumentStore(root),
    storage: 'disk',
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});

documentStoreContract('S3 (s3rver)', async () => {
  const server = await startS3TestServer();
  return {
    store: s3DocumentStore({ ...server, forcePathStyle: true, prefix: 'exports/' }),
    storage: 's3',
    teardown: () => server.close(),
  };
});

describe('database store', () => {
  it('keeps the bytes in the export row by default', async () => {
    const bytes = Buffer.from('%PDF-1.7 one');
    const stored = await databaseDocumentStore.save({
      tenantId: 'waratah',
      exportId: 'a',
      extension: 'pdf',
      bytes,
    });
    expect(stored).toEqual({ storage: 'database', key: null, content: bytes });
    expect(await databaseDocumentStore.load(stored)).toEqual(bytes);
    // Nothing outside the row to find or remove.
    const located = databaseDocumentStore.locate({ tenantId: 'waratah', exportId: 'a', extension: 'pdf' });
    expect(located).toEqual({ storage: 'database', key: null, content: null });
    await expect(databaseDocumentStore.remove(located)).resolves.toBeUndefined();
  });
});

describe('disk store', () => {
  it('writes whole files under the tenant folder, leaving no partial file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'documents-'));
    try {
      const store = diskDocumentStore(root);
      const stored = await store.save({
        tenantId: 'moneypartner',
        exportId: 'b',
        extension: 'xlsx',
        bytes: binary,
      });
      expect(stored).toEqual({ storage: 'disk', key: join('moneypartner', 'b.xlsx'), content: null });
      expect(await readdir(join(root, 'moneypartner'))).toEqual(['b.xlsx']);
      // A process killed while writing leaves the part; removing the export's file takes it too.
      await writeFile(join(root, 'moneypartner', 'b.xlsx.partial'), binary.subarray(0, 10));
      await store.remove(stored);
      expect(await readdir(join(root, 'moneypartner'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('tells a folder that is not there (a volume not mounted) from a lost file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'documents-'));
    const store = diskDocumentStore(root);
    const stored = await store.save({ tenantId: 'waratah', exportId: 'f', extension: 'pdf', bytes: binary });
    await rm(root, { recursive: true, force: true });
    // Not "missing" (a 404 for every document): the platform's own failure, a 5xx.
    const outage = await store.load(stored).catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(MissingDocumentFile);
  });
});

describe('S3 store', () => {
  let server: Awaited<ReturnType<typeof startS3TestServer>>;
  beforeAll(async () => {
    server = await startS3TestServer();
  }, 30_000);
  afterAll(() => server.close());

  it('puts objects under the prefix, tenant and export id', async () => {
    const store = s3DocumentStore({ ...server, forcePathStyle: true, prefix: 'waratah-prod/' });
    const stored = await store.save({ tenantId: 'waratah', exportId: 'c3', extension: 'pdf', bytes: binary });
    expect(stored).toEqual({ storage: 's3', key: 'waratah-prod/waratah/c3.pdf', content: null });
    const direct = await fetch(`${server.endpoint}/${server.bucket}/waratah-prod/waratah/c3.pdf`);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(binary);
  });

  it('names the refusal when the credentials are wrong', async () => {
    // s3rver checks the access key (SigV4 signatures themselves it does not recompute).
    const store = s3DocumentStore({
      ...server,
      accessKeyId: 'SOMEONE',
      secretAccessKey: 'x',
      forcePathStyle: true,
    });
    await expect(
      store.save({ tenantId: 'waratah', exportId: 'd4', extension: 'pdf', bytes: binary }),
    ).rejects.toThrow(
      /^Object storage refused the document \(PUT s3:\/\/documents\/waratah\/d4\.pdf: 403 InvalidAccessKeyId/,
    );
    await expect(store.load({ storage: 's3', key: 'waratah/d4.pdf', content: null })).rejects.toThrow(
      /GET s3:\/\/documents\/waratah\/d4\.pdf: 403 InvalidAccessKeyId/,
    );
  });

  it('names a bucket that does not exist and a server that cannot be reached', async () => {
    const noBucket = s3DocumentStore({ ...server, bucket: 'no-such-bucket', forcePathStyle: true });
    await expect(
      noBucket.save({ tenantId: 'waratah', exportId: 'e5', extension: 'pdf', bytes: binary }),
    ).rejects.toThrow(/404 NoSuchBucket/);
    // A download from it is the platform's failure too, not a file lost (a 404 for every document).
    const read = await noBucket
      .load({ storage: 's3', key: 'waratah/e5.pdf', content: null })
      .catch((error: unknown) => error);
    expect(read).not.toBeInstanceOf(MissingDocumentFile);
    expect(String(read)).toMatch(/GET s3:\/\/no-such-bucket\/waratah\/e5\.pdf: 404 NoSuchBucket/);
    const closed = s3DocumentStore({ ...server, endpoint: 'http://127.0.0.1:9', forcePathStyle: true });
    await expect(
      closed.save({ tenantId: 'waratah', exportId: 'e5', extension: 'pdf', bytes: binary }),
    ).rejects.toThrow(/^Object storage could not be reached \(PUT s3:\/\/documents\/waratah\/e5\.pdf/);
  });

  it('gives up on a server that takes the call and never answers, or stops mid-answer, saying so', async () => {
    // Each call is held open: no answer to a PUT or a DELETE; a GET's headers and a part of its body.
    const held: ServerResponse[] = [];
    const silent = createServer((request, response) => {
      held.push(response);
      request.resume();
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-length': '1024' });
        response.write(binary.subarray(0, 10));
      }
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const store = s3DocumentStore({
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'documents',
        region: 'us-east-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        // A short bound for the test; 30 s unless given.
        timeoutMs: 100,
      });
      const file = { storage: 's3' as const, key: 'waratah/g7.pdf', content: null };
      // Before 2026-12-02 each waited as long as fetch does (about 5 minutes for the headers).
      await expect(
        store.save({ tenantId: 'waratah', exportId: 'g7', extension: 'pdf', bytes: binary }),
      ).rejects.toThrow(
        /^Object storage did not answer within 0\.1 s \(PUT s3:\/\/documents\/waratah\/g7\.pdf\)$/,
      );
      await expect(store.load(file)).rejects.toThrow(
        /^Object storage did not answer within 0\.1 s \(GET s3:\/\/documents\/waratah\/g7\.pdf\)$/,
      );
      await expect(store.remove(file)).rejects.toThrow(
        /^Object storage did not answer within 0\.1 s \(DELETE s3:\/\/documents\/waratah\/g7\.pdf\)$/,
      );
      expect(s3RequestTimeoutMs).toBe(30_000);
    } finally {
      for (const response of held) response.destroy();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('addresses objects path-style or virtual-hosted', () => {
    const endpoint = 'https://s3.ap-southeast-2.amazonaws.com';
    expect(s3ObjectUrl({ endpoint, bucket: 'docs', forcePathStyle: false }, 'a/b c.pdf')).toBe(
      'https://docs.s3.ap-southeast-2.amazonaws.com/a/b%20c.pdf',
    );
    expect(s3ObjectUrl({ endpoint, bucket: 'docs', forcePathStyle: true }, 'a/b.pdf')).toBe(
      'https://s3.ap-southeast-2.amazonaws.com/docs/a/b.pdf',
    );
    expect(
      s3ObjectUrl({ endpoint: 'http://minio:9000/', bucket: 'docs', forcePathStyle: true }, 'a.pdf'),
    ).toBe('http://minio:9000/docs/a.pdf');
  });

  it('still reads files kept in the database after switching to S3', async () => {
    const store = configuredDocumentStore({ kind: 's3', ...server, forcePathStyle: true, prefix: '' });
    const bytes = Buffer.from('%PDF-1.7 older');
    expect(await store.load({ storage: 'database', key: null, content: bytes })).toEqual(bytes);
    expect((await store.save({ tenantId: 'waratah', exportId: 'f6', extension: 'pdf', bytes })).storage).toBe(
      's3',
    );
  });

  it('reads and removes each file by the kind its row records, after DOCUMENT_STORE is switched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'documents-'));
    try {
      const s3 = { ...server, forcePathStyle: true, prefix: 'switched/' };
      const disk = diskDocumentStore(dir);
      const bucket = s3DocumentStore(s3);
      const onDisk = await disk.save({
        tenantId: 'waratah',
        exportId: 'h8',
        extension: 'pdf',
        bytes: binary,
      });
      const inBucket = await bucket.save({
        tenantId: 'waratah',
        exportId: 'i9',
        extension: 'xlsx',
        bytes: binary,
      });
      // From disk to S3: new files go to the bucket; the disk's are still read and removed there.
      // Before 2026-12-04 they went to the S3 store, which refused them: every download a 500,
      // every removal (a consent's end) failed, and the client's data stayed on disk.
      const toS3 = configuredDocumentStore({ kind: 's3', ...s3, dir });
      expect(await toS3.load(onDisk)).toEqual(binary);
      const saved = await toS3.save({ tenantId: 'waratah', exportId: 'j1', extension: 'pdf', bytes: binary });
      expect(saved.storage).toBe('s3');
      await toS3.remove(onDisk);
      await expect(disk.load(onDisk)).rejects.toThrow(/missing/);
      // From S3 to disk, or to the database, with the bucket still configured for the files in it.
      const toDisk = configuredDocumentStore({ kind: 'disk', dir, s3 });
      expect(await toDisk.load(inBucket)).toEqual(binary);
      expect(await configuredDocumentStore({ kind: 'database', s3 }).load(inBucket)).toEqual(binary);
      await toDisk.remove(inBucket);
      await expect(bucket.load(inBucket)).rejects.toThrow(/missing/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the store a row needs when the configuration has none of its kind', async () => {
    const toS3 = configuredDocumentStore({ kind: 's3', ...server, forcePathStyle: true, prefix: '' });
    const onDisk = { storage: 'disk' as const, key: join('waratah', 'k2.pdf'), content: null };
    const refusal =
      /^The document's file is on disk \(waratah.k2\.pdf\), but DOCUMENT_STORE is s3 and no folder is configured for it$/;
    await expect(toS3.load(onDisk)).rejects.toThrow(refusal);
    await expect(toS3.remove(onDisk)).rejects.toThrow(refusal);
    const toDatabase = configuredDocumentStore({ kind: 'database' });
    await expect(toDatabase.load({ storage: 's3', key: 'waratah/k2.pdf', content: null })).rejects.toThrow(
      /is in object storage \(waratah\/k2\.pdf\), but DOCUMENT_STORE is database and no bucket is configured/,
    );
  });
});
