import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const compressThresholdBytes = 1024;

/**
 * API answers (JSON, CSV) of 1 KiB or more go out Brotli- or gzip-compressed to a caller that
 * accepts it (a transactions page of 100: 23 KiB → about 3 KiB). Brotli at quality 4 compresses
 * about as well as gzip at level 6 and faster. Already compressed files (PDF, XLSX, images) and the
 * portal's files, which the build compressed ahead (`serve-portal.ts`), are sent as they are.
 */
export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: compressThresholdBytes,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
