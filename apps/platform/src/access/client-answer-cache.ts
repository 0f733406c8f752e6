import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  compressAnswer,
  negotiatedEncoding,
  type ResponseEncoding,
  sendEncoded,
} from '../plugins/compress-responses.ts';
import type { ClientScope } from './resolve-client-scope.ts';

/**
 * Answers computed from one client's data, kept as the JSON they were written as (its UTF-8 bytes,
 * so a kept answer is sent without being measured and encoded again), under a key
 * that names the client's data version (migrations 0010 and 0011). A write to the client's
 * transactions, accounts or connections bumps the version in its own transaction, so a kept answer
 * is never served once the data it came from has changed: the next request reads the new version
 * in its access check and misses. The access check and its audit row still run on every request;
 * only the computing is kept.
 *
 * A kept answer also keeps its bytes compressed in each encoding a caller asked for (the portal's
 * browser asks for Brotli): compressed once, off the event loop, rather than on every send.
 *
 * Least recently used answers go first once their bytes (compressed ones included) pass
 * `maxBytes`; an answer larger than a quarter of it is not kept. Requests for a key being computed
 * share that computation, so a burst of requests for a heavy report computes it once. A failed
 * computation is not kept.
 */
export interface ClientAnswerCache {
  readonly enabled: boolean;
  /** The answer kept under `key`, or `compute`'s, kept for the next request. */
  get(key: string, compute: () => Promise<Buffer>): Promise<KeptAnswer>;
  /** What is kept now, and how often a request found it (the tests read it). */
  stats(): { entries: number; bytes: number; hits: number; misses: number; compressions: number };
}

export interface KeptAnswer {
  /** The answer's JSON, as UTF-8. */
  readonly bytes: Buffer;
  /** `bytes` compressed in `encoding`: compressed for the first caller to ask, then kept with them. */
  encoded(encoding: ResponseEncoding): Promise<Buffer>;
}

export function createClientAnswerCache({ maxBytes }: { maxBytes: number }): ClientAnswerCache {
  interface Entry extends KeptAnswer {
    /** Its bytes and its compressed bytes. */
    size: number;
  }
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the oldest.
  const kept = new Map<string, Entry>();
  const computing = new Map<string, Promise<Entry>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let compressions = 0;

  const letOldestGo = () => {
    for (const [oldest, entry] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= entry.size;
    }
  };

  const entryOf = (key: string, answer: Buffer): Entry => {
    const encodings = new Map<ResponseEncoding, Promise<Buffer>>();
    const entry: Entry = {
      bytes: answer,
      size: answer.length,
      encoded(encoding) {
        const found = encodings.get(encoding);
        if (found) return found;
        compressions += 1;
        const compressed = compressAnswer(answer, encoding);
        encodings.set(encoding, compressed);
        compressed.then(
          (encodedBytes) => {
            entry.size += encodedBytes.length;
            if (kept.get(key) !== entry) return;
            bytes += encodedBytes.length;
            letOldestGo();
          },
          () => encodings.delete(encoding),
        );
        return compressed;
      },
    };
    return entry;
  };

  const keep = (key: string, entry: Entry) => {
    if (entry.size > maxBytes / 4) return;
    kept.set(key, entry);
    bytes += entry.size;
    letOldestGo();
  };

  return {
    enabled: maxBytes > 0,
    async get(key, compute) {
      if (maxBytes <= 0) return entryOf(key, await compute());
      const found = kept.get(key);
      if (found !== undefined) {
        hits += 1;
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const pending = computing.get(key);
      if (pending) {
        hits += 1;
        return pending;
      }
      misses += 1;
      const computed = compute().then((answer) => entryOf(key, answer));
      computing.set(key, computed);
      try {
        const entry = await computed;
        keep(key, entry);
        return entry;
      } finally {
        computing.delete(key);
      }
    },
    stats: () => ({ entries: kept.size, bytes, hits, misses, compressions }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers kept under the version of the data they were computed from: a client's data version,
     * or a practice's client-list version (access/client-answer-cache.ts).
     */
    clientAnswers: ClientAnswerCache;
  }
}

/**
 * A GET route's answer from the client's data, kept under the client, its data version and
 * `dependsOn` (anything else the answer depends on, such as today's date): see `keptAnswer`.
 * Without a data version (a client reading its own data) it is computed every time. Only for
 * answers made of the client's transactions, accounts and connections (what raises the version)
 * and of reference data that never changes (categories, provider names).
 */
export async function keptClientAnswer<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: ClientScope,
  compute: () => Promise<Answer>,
  dependsOn: readonly string[] = [],
): Promise<Answer> {
  if (scope.dataVersion === undefined) return compute();
  return keptAnswer(
    request,
    reply,
    [scope.tenantId, String(scope.clientId), scope.dataVersion, ...dependsOn],
    compute,
  );
}

/**
 * A GET route's answer, kept under the route, `versionKey` (whose data, at which version) and the
 * validated path parameters and query. The answer is written once, by the route's own response
 * writer (which, with response checks on, checks it against the contract), and then sent as
 * written: its bytes, as JSON, or those bytes compressed once in the encoding the caller accepts
 * (the same choice and bytes as the compression plugin's). `versionKey` must name everything else
 * the answer depends on.
 */
export async function keptAnswer<Answer>(
  request: FastifyRequest,
  reply: FastifyReply,
  versionKey: readonly string[],
  compute: () => Promise<Answer>,
): Promise<Answer> {
  const cache = request.server.clientAnswers;
  if (!cache.enabled) return compute();
  const key = [
    request.routeOptions.url,
    ...versionKey,
    JSON.stringify(request.params),
    JSON.stringify(request.query),
  ].join('\n');
  const answer = await cache.get(key, async () => Buffer.from(reply.serialize(await compute()) as string));
  // Bytes are sent as they are (no writer runs), so the answer says what they are.
  reply.type('application/json; charset=utf-8');
  const encoding = negotiatedEncoding(request, answer.bytes.length);
  if (encoding === undefined) return answer.bytes as Answer;
  const encoded = await answer.encoded(encoding);
  sendEncoded(reply, encoding);
  return encoded as Answer;
}
