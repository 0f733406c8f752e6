import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../testing/test-database.ts';
import type { PlatformDatabase } from './platform-database.ts';
import { requireWireJson, type WireFields, wireField, wireJson } from './wire-json.ts';

const { plain, value, object } = wireField;

const contract = z.object({
  id: z.number().int(),
  kind: z.enum(['debit', 'credit_note']),
  day: z.string(),
  amount: z.object({ amount: z.string(), currency: z.string() }),
  label: z.string(),
  note: z.string().nullable(),
  done: z.boolean(),
  tags: z.array(z.string()),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
type Row = z.infer<typeof contract>;

const fields: WireFields = {
  id: plain(sql`r.id`),
  kind: plain(sql`r.kind`),
  day: plain(sql`r.day`),
  amount: object({ amount: plain(sql`r.amount`), currency: value(sql`r.currency`) }),
  label: value(sql`r.label`),
  note: value(sql`r.note`),
  done: value(sql`r.done`),
  tags: value(sql`r.tags`),
  category: object(
    { id: plain(sql`r.category_id`), name: value(sql`r.category_name`) },
    sql`r.category_id is null`,
  ),
};

// Every character JSON escapes, and some it must not: quotes, backslash, the named controls, other
// controls, DEL, the line separators JavaScript leaves alone, non-Latin text and an emoji.
const awkward = '"quoted" \\ slash / \n\t\r\b\f \u0001\u001f\u007f \u2028\u2029 é 漢字 😀 </script>';

const rows: Row[] = [
  {
    id: 1,
    kind: 'debit',
    day: '2026-01-02',
    amount: { amount: '-42.50', currency: 'AUD' },
    label: awkward,
    note: null,
    done: true,
    tags: [],
    category: null,
  },
  {
    id: 2_147_483_647,
    kind: 'credit_note',
    day: '1999-12-31',
    amount: { amount: '0.00', currency: 'A"D' },
    label: '',
    note: awkward,
    done: false,
    tags: ['a', awkward, ''],
    category: { id: 3, name: awkward },
  },
];

describe('wireJson', () => {
  let database: PlatformDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function written(row: Row, source = fields): Promise<string | null> {
    const { rows: result } = await sql<{ wire: string | null }>`
      select ${wireJson(contract, source)} as wire
      from (select ${row.id}::int as id, ${row.kind}::text as kind, ${row.day}::date as day,
        ${row.amount.amount}::numeric(14, 2) as amount, ${row.amount.currency}::text as currency,
        ${row.label}::text as label, ${row.note}::text as note, ${row.done}::boolean as done,
        ${row.tags}::text[] as tags,
        ${row.category?.id ?? null}::int as category_id, ${row.category?.name ?? null}::text as category_name) as r`.execute(
      database.db,
    );
    return result[0]?.wire ?? null;
  }

  it('writes a row exactly as the contract and JSON.stringify write it, escapes, nulls and all', async () => {
    for (const row of rows) {
      expect(await written(row)).toBe(JSON.stringify(contract.parse(row)));
    }
  });

  it('gives null for a row missing a value its contract requires, also in an object that is there, which requireWireJson refuses', async () => {
    const missing = { ...fields, label: value(sql`null::text`) };
    const text = await written(rows[0] as Row, missing);
    expect(text).toBeNull();
    expect(() => requireWireJson(text, 'transaction 1')).toThrow(
      'transaction 1: a value its contract requires is null in the database',
    );
    const unnamed = {
      ...fields,
      category: object(
        { id: plain(sql`r.category_id`), name: value(sql`null::text`) },
        sql`r.category_id is null`,
      ),
    };
    expect(await written(rows[1] as Row, unnamed)).toBeNull();
    expect(await written(rows[0] as Row, unnamed)).toBe(JSON.stringify(contract.parse(rows[0])));
  });

  it('refuses, when it is built, fields that do not fit the contract', () => {
    const { label: _label, ...withoutLabel } = fields;
    expect(() => wireJson(contract, withoutLabel)).toThrow('wireJson: label has no source');
    expect(() => wireJson(contract, { ...fields, secret: value(sql`1`) })).toThrow(
      'wireJson: secret not in the contract',
    );
    expect(() =>
      wireJson(contract, {
        ...fields,
        amount: object({ amount: plain(sql`1`), currency: value(sql`1`), x: value(sql`1`) }),
      }),
    ).toThrow('wireJson: amount.x not in the contract');
    expect(() =>
      wireJson(contract, { ...fields, category: object({ id: plain(sql`1`), name: value(sql`1`) }) }),
    ).toThrow('wireJson: category may be null: say when');
    expect(() => wireJson(contract, { ...fields, label: object({}) })).toThrow(
      'wireJson: label is not an object in the contract',
    );
    expect(() => wireJson(contract, { ...fields, amount: value(sql`1`) })).toThrow(
      'wireJson: amount is an object in the contract',
    );
    expect(() => wireJson(z.object({ rate: z.number() }), { rate: plain(sql`1.5`) })).toThrow(
      'wireJson: rate is a fraction; write it as a decimal string',
    );
    expect(() => wireJson(z.object({ kind: z.enum(['a"b']) }), { kind: plain(sql`'x'`) })).toThrow(
      'wireJson: kind has values JSON escapes: a"b',
    );
    expect(() => wireJson(z.object({ at: z.date() }), { at: value(sql`now()`) })).toThrow(
      'wireJson: at is of a kind the database does not write (date)',
    );
  });
});
