// The embedded database's engine on a thread of its own (pglite-worker-session.ts opens it). Plain
// JavaScript: a worker runs without the TypeScript loader the sources may be started with.
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';
import { exchange } from './pglite-exchange.mjs';
import { pgliteExtensions as extensions } from './pglite-extensions.mjs';
import { pgliteTypeHandlers } from './pglite-type-handlers.mjs';

// The array types PGlite's own `query()` reads (its `_initArrayTypes`): the other thread builds
// the same parsers and serialisers from them.
const arrayTypesQuery = `
  select b.oid, b.typarray
  from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem
  where a.typcategory = 'A'
  group by b.oid, b.typarray
  order by b.oid`;

/** What crosses to the other thread of an error: its message and its fields (SQLSTATE, detail, …). */
function described(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, fields, databaseError: error instanceof messages.DatabaseError };
}

const { dataDir } = workerData;
let client;
try {
  client = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    extensions,
    ...pgliteTypeHandlers,
  });
  const { rows } = await client.query(arrayTypesQuery);
  parentPort.postMessage({ ready: rows });
} catch (error) {
  parentPort.postMessage({ failed: described(error) });
  parentPort.close();
}

// One request at a time, in the order sent, whatever each awaits.
let previous = Promise.resolve();
parentPort.on('message', (request) => {
  previous = previous.then(() => answer(request));
});

async function answer(request) {
  try {
    if (request.exchange) {
      const output = await exchange(client, request.exchange);
      parentPort.postMessage({ id: request.id, output }, [output.buffer]);
    } else if (request.query !== undefined) {
      const result = await client.query(request.query, request.values);
      parentPort.postMessage({ id: request.id, result });
    } else if (request.close) {
      await client.close();
      parentPort.postMessage({ id: request.id });
      parentPort.close();
    }
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: described(error) });
  }
}
