import type { FastifyReply, FastifyRequest } from 'fastify';
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
 * Least recently used answers go first once their bytes pass `maxBytes`; an answer larger than a
 * quarter of it is not kept. Requests for a key being computed share that computation, so a burst
 * of requests for a heavy report computes it once. A failed computation is not kept.
 */
export interface ClientAnswerCache {
  readonly enabled: boolean;
  /** The answer kept under `key`, or `compute`'s, kept for the next request. */
  get(key: string, compute: () => Promise<Buffer>): Promise<Buffer>;
  /** What is kept now, and how often a request found it (the tests read it). */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

export function createClientAnswerCache({ maxBytes }: { maxBytes: number }): ClientAnswerCache {
  // A Map iterates in insertion order: a hit moves its entry to the end, so the first is the oldest.
  const kept = new Map<string, Buffer>();
  const computing = new Map<string, Promise<Buffer>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const keep = (key: string, answer: Buffer) => {
    if (answer.length > maxBytes / 4) return;
    kept.set(key, answer);
    bytes += answer.length;
    for (const [oldest, oldAnswer] of kept) {
      if (bytes <= maxBytes) break;
      kept.delete(oldest);
      bytes -= oldAnswer.length;
    }
  };

  return {
    enabled: maxBytes > 0,
    async get(key, compute) {
      if (maxBytes <= 0) return compute();
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
      const computed = compute();
      computing.set(key, computed);
      try {
        const answer = await computed;
        keep(key, answer);
        return answer;
      } finally {
        computing.delete(key);
      }
    },
    stats: () => ({ entries: kept.size, bytes, hits, misses }),
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
 * written: its bytes, as JSON. `versionKey` must name everything else the answer depends on.
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
  return answer as Answer;
}
