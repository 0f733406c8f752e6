// Plain JavaScript, so that the embedded database's worker (pglite-worker.mjs), which runs without
// a TypeScript loader, shares it with the platform's modules (pglite-session.ts).

/**
 * The engine's output for `messages` (the last a Sync), copied out of its memory as it comes.
 * PGlite's own reader, which `execProtocol` runs on it first, is left out: the caller reads it
 * (pglite-run-reader.ts).
 */
export async function exchange(client, messages) {
  const chunks = [];
  await client.execProtocolRawStream(messages, {
    syncToFs: true,
    onRawData: (chunk) => chunks.push(chunk.slice()),
  });
  return chunks.length === 1 ? chunks[0] : concat(chunks);
}

/** The parts one after the other in one buffer of their own. */
export function concat(parts) {
  const buffer = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}
