import { transactionListResponseSchema, transactionSchema } from '@waratah/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WrittenJson } from '../db/wire-json.ts';
import { compileWriter, createResponseSerializerCompiler } from './response-serializer.ts';

type Write = (data: unknown) => string;

function serializerFor(
  schema: unknown,
  options: Parameters<typeof createResponseSerializerCompiler>[0],
): Write {
  const compile = createResponseSerializerCompiler(options);
  return compile({ schema, method: 'GET', url: '/api/v2/transactions', httpStatus: '200' }) as Write;
}

function transaction(id: number) {
  return {
    id,
    account_id: 7,
    base_type: 'debit',
    status: 'posted',
    transaction_date: '2026-01-02',
    post_date: null,
    amount: { amount: '-42.50', currency: 'AUD' },
    description: { original: 'WOOLWORTHS 1234 "SYDNEY"\n\u2028', simple: 'Woolworths', user: null },
    budget_category: 'living',
    category: { id: 3, name: 'Groceries' },
    merchant: null,
    included: true,
    memo: 'é😀 \\ \ud800',
    user_tags: ['a', 'b'],
    external_id: null,
  };
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const page = {
  data: [transaction(1), transaction(2)],
  paging: { cursors: { after: 'eyJkIjoiMjAyNi0wMS0wMiJ9' }, total: 2 },
};

describe('createResponseSerializerCompiler', () => {
  it('writes an answer exactly as the zod contract and JSON.stringify did, fields in contract order', () => {
    for (const check of [false, true]) {
      const write = serializerFor(transactionListResponseSchema, { check });
      expect(write(page)).toBe(JSON.stringify(transactionListResponseSchema.parse(page)));
    }
  });

  it("compiles a route's writer on its first answer, and each contract once whichever route asks", () => {
    const compiled: unknown[] = [];
    const compile = createResponseSerializerCompiler({
      check: false,
      compile: (schema) => {
        compiled.push(schema);
        return compileWriter(schema);
      },
    });
    const route = (url: string) =>
      compile({ schema: transactionListResponseSchema, method: 'GET', url, httpStatus: '200' }) as Write;
    const first = route('/api/v2/transactions');
    const second = route('/api/v2/transactions/search');
    expect(compiled).toEqual([]);
    expect(first(page)).toBe(JSON.stringify(transactionListResponseSchema.parse(page)));
    expect(second(page)).toBe(first(page));
    expect(compiled).toEqual([transactionListResponseSchema]);
  });

  it('never writes a field the contract does not name', () => {
    const row = { ...transaction(1), client_id: 99, tenant_id: 'waratah', amount_cents: -4250 };
    for (const check of [false, true]) {
      const written = JSON.parse(
        serializerFor(transactionListResponseSchema, { check })({ ...page, data: [row] }),
      );
      expect(Object.keys(written.data[0])).toEqual(Object.keys(transactionSchema.shape));
    }
  });

  it('chooses a branch of a union as zod does, stripping fields the branch does not name', () => {
    const schema = z.object({
      item: z.union([
        z.object({ kind: z.literal('a'), a: z.string() }),
        z.object({ kind: z.literal('b'), b: z.number() }),
      ]),
    });
    const write = serializerFor(schema, { check: true });
    expect(write({ item: { kind: 'a', a: 'x', secret: 1 } })).toBe('{"item":{"kind":"a","a":"x"}}');
    expect(write({ item: { kind: 'b', b: 2 } })).toBe('{"item":{"kind":"b","b":2}}');
  });

  it('with checks, refuses an answer that breaks its contract', () => {
    const write = serializerFor(transactionListResponseSchema, { check: true });
    const broken = { ...page, data: [{ ...transaction(1), base_type: 'sideways' }] };
    const error = errorOf(() => write(broken));
    expect(isResponseSerializationError(error)).toBe(true);
    expect(String((error as Error).cause)).toContain('expected one of');
  });

  it('with checks, refuses an answer the compiled writer would write otherwise than the contract', () => {
    const compile = createResponseSerializerCompiler({ check: true, compile: () => () => '{"data":[]}' });
    const write = compile({
      schema: transactionListResponseSchema,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    }) as Write;
    expect(String(errorOf(() => write(page)))).toContain(
      'GET /x: the compiled writer wrote {"data":[]} where the contract gives {"data":[{"id":1,',
    );
  });

  it('sends an answer already written as it is, and with checks only when it is what the contract writes', () => {
    const text = JSON.stringify(transactionListResponseSchema.parse(page));
    for (const check of [false, true]) {
      expect(serializerFor(transactionListResponseSchema, { check })(new WrittenJson(text))).toBe(text);
    }
    const write = serializerFor(transactionListResponseSchema, { check: true });
    const reordered = JSON.stringify({ paging: page.paging, data: page.data });
    expect(String(errorOf(() => write(new WrittenJson(reordered))))).toContain(
      'GET /api/v2/transactions: the answer written {"paging":',
    );
    const spaced = JSON.stringify(transactionListResponseSchema.parse(page), null, 1);
    expect(String(errorOf(() => write(new WrittenJson(spaced))))).toContain(
      'where the contract gives {"data":',
    );
    const broken = JSON.stringify({ ...page, data: [{ ...transaction(1), base_type: 'sideways' }] });
    expect(String(errorOf(() => write(new WrittenJson(broken))))).toContain(
      "the written answer is not its contract's",
    );
    expect(String(errorOf(() => write(new WrittenJson('{"data":['))))).toContain(
      "the written answer is not its contract's",
    );
  });

  it('keeps the zod check and JSON.stringify for a contract JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date(), label: z.string() });
    expect(compileWriter(schema)).toBeNull();
    const write = serializerFor(schema, { check: false });
    expect(write({ at: new Date('2026-11-25T00:00:00Z'), label: 'x' })).toBe(
      '{"at":"2026-11-25T00:00:00.000Z","label":"x"}',
    );
    expect(() => write({ at: 'yesterday', label: 'x' })).toThrow();
  });
});
