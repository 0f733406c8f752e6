import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.ts';
import { isoTimestamp } from './iso-timestamp.ts';
import type { PlatformDatabase } from './platform-database.ts';

describe('isoTimestamp', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('writes a timestamp as Date#toISOString does, whatever the session time zone', async () => {
    const values = [
      '2026-06-01 08:30:15.123456+00',
      '2026-12-31 23:59:59.999999+11',
      '2024-02-29 00:00:00+00',
      '1999-01-01 10:00:00.5-03:30',
    ];
    await database.db.connection().execute(async (connection) => {
      await sql`set time zone 'Australia/Sydney'`.execute(connection);
      for (const value of values) {
        const { rows } = await sql<{ wire: string; raw: Date }>`
          select ${isoTimestamp(sql`${value}::timestamptz`)} as wire, ${value}::timestamptz as raw`.execute(
          connection,
        );
        expect(rows[0]?.wire, value).toBe(new Date(rows[0]?.raw as Date).toISOString());
      }
      await sql`set time zone 'UTC'`.execute(connection);
    });
    const { rows } = await sql<{ wire: string | null }>`
      select ${isoTimestamp(sql`null::timestamptz`)} as wire`.execute(database.db);
    expect(rows[0]?.wire).toBeNull();
  });
});
