import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account. */
export const s3TestCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Tests only: a real S3-compatible server (s3rver) on a free port of 127.0.0.1 over a temporary
 * folder, with one empty bucket. Path-style addressing, as for MinIO.
 */
export async function startS3TestServer(bucket = 'documents') {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    ...s3TestCredentials,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
