import { Worker } from 'node:worker_threads';
import { messages, type PGlite, type Results, types } from '@electric-sql/pglite';
import type { PgliteSession } from './pglite-session.ts';
import { pgliteTypeHandlers } from './pglite-type-handlers.mjs';

/** An error as pglite-worker.mjs sends it across. */
interface DescribedError {
  message: string;
  fields: Record<string, unknown>;
  databaseError?: boolean;
}

type Answer =
  | { id: number; output: Uint8Array }
  | { id: number; result: Results<unknown> }
  | { id: number; error: DescribedError }
  | { id: number };

type Request = { exchange: Uint8Array } | { query: string; values: unknown[] } | { close: true };

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/** SQLSTATE 08006 (connection failure): the platform answers 503 and the operator sees why. */
class EngineStopped extends Error {
  readonly code = '08006';
}

/**
 * The embedded database (PGlite) on a worker thread of its own, so that the engine's work — every
 * statement's planning and execution, its file writes — runs beside the request handling on the
 * main thread, not between it. Both sides exchange PostgreSQL protocol bytes: the statements are
 * serialised here and their output read here (pglite-run-reader.ts), the buffers handed over, not
 * copied. Opening takes what PGlite's own opening takes; a failure to open rejects with the
 * engine's own message. A worker that stops (it failed, or was ended) fails every call from then
 * on with SQLSTATE 08006, which the API answers as 503 (errors/database-unavailable.ts).
 *
 * The worker keeps the process alive only while a call is waiting for it, as PGlite on the main
 * thread would (a script that forgets `close()` still ends).
 */
export async function openPgliteWorker(dataDir?: string): Promise<PgliteSession> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };

  const arrayTypes = await new Promise<{ oid: number; typarray: number }[]>((resolve, reject) => {
    const opened = (message: { ready?: { oid: number; typarray: number }[]; failed?: DescribedError }) => {
      worker.off('message', opened);
      if (message.ready) resolve(message.ready);
      else reject(rebuilt(message.failed ?? { message: 'the engine did not start', fields: {} }));
    };
    worker.on('message', opened);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new EngineStopped(`the embedded database stopped (exit ${code})`)));
  });

  worker.on('message', (answer: Answer) => {
    const call = pending.get(answer.id);
    if (!call) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if ('error' in answer) call.reject(rebuilt(answer.error));
    else call.resolve(answer);
  });
  worker.on('error', (error) => stop(new EngineStopped(`the embedded database failed: ${error.message}`)));
  worker.on('exit', (code) => stop(new EngineStopped(`the embedded database stopped (exit ${code})`)));
  worker.unref();

  const call = (request: Request, transfer: ArrayBuffer[] = []) =>
    new Promise<Answer>((resolve, reject) => {
      if (stopped) {
        reject(stopped);
        return;
      }
      const id = nextId++;
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request }, transfer);
    });

  // What PGlite's own client holds: the default parsers and serialisers with the platform's, and
  // one for each array type.
  const parsers: PGlite['parsers'] = { ...types.parsers, ...pgliteTypeHandlers.parsers };
  const serializers: PGlite['serializers'] = { ...types.serializers, ...pgliteTypeHandlers.serializers };
  for (const { oid, typarray } of arrayTypes) {
    parsers[typarray] = (text: string) => types.arrayParser(text, parsers[oid] as types.Parser, typarray);
    serializers[typarray] = (value: unknown) => types.arraySerializer(value, serializers[oid], typarray);
  }

  let closing: Promise<void> | undefined;
  return {
    parsers,
    serializers,
    async exchange(messages) {
      // The bytes are handed over when they are a buffer of their own (as the statements' are).
      const own = messages.byteOffset === 0 && messages.byteLength === messages.buffer.byteLength;
      const answer = await call({ exchange: messages }, own ? [messages.buffer as ArrayBuffer] : []);
      return (answer as { output: Uint8Array }).output;
    },
    async query<R>(text: string, values: unknown[]) {
      const answer = await call({ query: text, values });
      return (answer as { result: Results<R> }).result;
    },
    close() {
      closing ??= (async () => {
        if (!stopped) await call({ close: true });
        await worker.terminate();
      })();
      return closing;
    },
  };
}

/** The worker's error as this thread's: PGlite's DatabaseError again (SQLSTATE and all), or an Error. */
function rebuilt({ message, fields, databaseError }: DescribedError): Error {
  const error = databaseError
    ? new messages.DatabaseError(message, Number(fields.length ?? 0), 'error')
    : new Error(message);
  return Object.assign(error, fields);
}
