import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const compressThresholdBytes = 1024;

/** The encodings an answer is sent in, most preferred first when a caller accepts both equally. */
export const responseEncodings = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof responseEncodings)[number];

// Brotli at quality 4 compresses about as well as gzip at level 6, and faster.
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const gzipOptions = { level: 6 };

/**
 * API answers (JSON, CSV) of 1 KiB or more go out Brotli- or gzip-compressed to a caller that
 * accepts it (a transactions page of 100: 42 KiB → about 5 KiB). Already compressed files (PDF,
 * XLSX, images) and the portal's files, which the build compressed ahead (`serve-portal.ts`), are
 * sent as they are. So are kept answers (`access/client-answer-cache.ts`), which keep their
 * compressed bytes with them (`compressAnswer`) and say so in `content-encoding`.
 */
export async function registerResponseCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: compressThresholdBytes,
    encodings: [...responseEncodings],
    brotliOptions,
    zlibOptions: gzipOptions,
  });
}

/**
 * The encoding the compression plugin would send an answer of `size` bytes in to `request`, by
 * the same negotiation (q-values; `*` and `x-gzip` read as gzip; `x-no-compression` refuses), or
 * `undefined` to send it as it is.
 */
export function negotiatedEncoding(request: FastifyRequest, size: number): ResponseEncoding | undefined {
  if (size < compressThresholdBytes || request.headers['x-no-compression'] !== undefined) return undefined;
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined) return undefined;
  return (
    negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...responseEncodings]) ?? undefined
  );
}

const compressors = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/**
 * `bytes` compressed as the plugin compresses an answer, on libuv's thread pool rather than the
 * event loop.
 */
export function compressAnswer(bytes: Buffer, encoding: ResponseEncoding): Promise<Buffer> {
  return encoding === 'br' ? compressors.br(bytes, brotliOptions) : compressors.gzip(bytes, gzipOptions);
}

/** Marks `reply` as sent in `encoding`, as the plugin does (which then leaves the bytes alone). */
export function sendEncoded(reply: FastifyReply, encoding: ResponseEncoding): void {
  reply.header('content-encoding', encoding);
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}
