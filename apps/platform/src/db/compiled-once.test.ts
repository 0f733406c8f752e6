import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { compiledOnce } from './compiled-once.ts';
import type { PlatformDatabase } from './platform-database.ts';

describe('compiledOnce', () => {
  let database: PlatformDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  type Values = { names: string[]; at: Date; limit: number };
  type Row = { ord: number; name: string; later: boolean };

  it('builds and compiles once, then sends each call’s values in their places', async () => {
    const build = vi.fn((value: <K extends keyof Values>(name: K) => RawBuilder<Values[K]>) => {
      // A constant of the text stays as it was compiled; the values change with every call.
      const prefix = sql.val('client ');
      return sql<Row>`
        select r.ord::int as ord, ${prefix} || r.name as name,
          ${value('at')}::timestamptz > '2026-01-01T00:00:00Z'::timestamptz as later
        from unnest(${value('names')}::text[]) with ordinality as r(name, ord)
        order by r.ord limit ${value('limit')}::int`;
    });
    const statement = compiledOnce<Values, Row>(database.db, build);
    expect(build).not.toHaveBeenCalled();

    expect(
      await statement({ names: ['Ann', 'Bo', 'Cy'], at: new Date('2026-11-26T00:00:00Z'), limit: 2 }),
    ).toEqual([
      { ord: 1, name: 'client Ann', later: true },
      { ord: 2, name: 'client Bo', later: true },
    ]);
    expect(await statement({ names: ['Di'], at: new Date('2025-06-01T00:00:00Z'), limit: 5 })).toEqual([
      { ord: 1, name: 'client Di', later: false },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('refuses to compile a statement with a value that would be kept from its first call', async () => {
    const statement = compiledOnce<{ id: number }, { id: number }>(
      database.db,
      (value) => sql`select ${value('id')}::int as id where now() > ${new Date()}`,
    );
    await expect(statement({ id: 1 })).rejects.toThrow(/every value that changes through value\(\)/);
  });
});
