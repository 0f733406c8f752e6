import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; fonts and images are compressed formats already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
const minimumBytes = 1_024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at
 * build time, so that the platform serves them compressed (`preCompressed` in serve-portal.ts)
 * without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'waratah-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const writes: Promise<void>[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!compressible.test(fileName)) continue;
        const bytes = Buffer.from(output.type === 'chunk' ? output.code : output.source);
        if (bytes.length < minimumBytes) continue;
        const path = join(outDir, fileName);
        const brotli = brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        writes.push(writeFile(`${path}.br`, brotli));
        writes.push(writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 })));
      }
      await Promise.all(writes);
    },
  };
}
