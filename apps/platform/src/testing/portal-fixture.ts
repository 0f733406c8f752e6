import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export interface PortalFixture {
  dir: string;
  indexHtml: string;
  assetPath: string;
  assetBody: string;
  remove(): Promise<void>;
}

/** A stand-in for `apps/portal/dist`: an index.html and one content-hashed asset. */
export async function createPortalFixture(): Promise<PortalFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'waratah-portal-'));
  const indexHtml =
    '<!doctype html><html><head><script src="/assets/index-a1b2c3.js"></script></head></html>';
  const assetBody = 'console.log("portal");';
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), indexHtml);
  await writeFile(join(dir, 'assets', 'index-a1b2c3.js'), assetBody);
  // As the portal build writes it (apps/portal/build/precompress.ts).
  await writeFile(join(dir, 'assets', 'index-a1b2c3.js.br'), brotliCompressSync(assetBody));
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return {
    dir,
    indexHtml,
    assetPath: '/assets/index-a1b2c3.js',
    assetBody,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
