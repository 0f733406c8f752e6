import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from './open-pglite-database.ts';
import { pgliteTypeHandlers } from './pglite-type-handlers.mjs';
import type { PlatformDatabase } from './platform-database.ts';

const bytea = 17;
const everyByte = Buffer.from(Array.from({ length: 256 }, (_, index) => index));

describe("PGlite's bytea handlers", () => {
  const databases: Record<'this thread' | 'worker thread', PlatformDatabase | undefined> = {
    'this thread': undefined,
    'worker thread': undefined,
  };
  beforeAll(async () => {
    databases['this thread'] = await openPgliteDatabase(undefined, { autoAnalyse: false });
    databases['worker thread'] = await openPgliteDatabase(undefined, { autoAnalyse: false, worker: true });
  });
  afterAll(async () => {
    await Promise.all(Object.values(databases).map((database) => database?.close()));
  });

  for (const where of ['this thread', 'worker thread'] as const) {
    it(`stores and reads back any bytes on the engine on ${where}, as PostgreSQL holds them`, async () => {
      const { db } = databases[where] ?? expect.unreachable();
      const large = randomBytes(300 * 1024);
      for (const bytes of [everyByte, large, Buffer.alloc(0), new Uint8Array(everyByte.subarray(10, 20))]) {
        const { rows } = await sql<{ same: Buffer; hex: string; length: number }>`
          select ${bytes}::bytea as same, encode(${bytes}::bytea, 'hex') as hex,
                 length(${bytes}::bytea) as length`.execute(db);
        const [row] = rows;
        expect(row?.length).toBe(bytes.length);
        expect(row?.hex).toBe(Buffer.from(bytes).toString('hex'));
        expect(Buffer.isBuffer(row?.same)).toBe(true);
        expect(Buffer.compare(row?.same ?? Buffer.alloc(1), Buffer.from(bytes))).toBe(0);
      }
    });
  }

  it('writes the hex form PostgreSQL reads and reads the hex form it writes; anything else is refused', () => {
    const serialise = pgliteTypeHandlers.serializers[bytea] ?? expect.unreachable();
    const parse = pgliteTypeHandlers.parsers[bytea] ?? expect.unreachable();
    expect(serialise(new Uint8Array([0, 15, 16, 255]))).toBe('\\x000f10ff');
    // A view into a larger buffer is written from its own bytes only.
    expect(serialise(everyByte.subarray(254))).toBe('\\xfeff');
    expect(parse('\\x000f10ff')).toEqual(Buffer.from([0, 15, 16, 255]));
    expect(() => serialise('not bytes')).toThrow('Invalid input for bytea type');
  });
});
