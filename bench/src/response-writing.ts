import {
  managedUserListResponseSchema,
  type Transaction,
  transactionListResponseSchema,
} from '@waratah/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { compileWriter } from '../../apps/platform/src/plugins/response-serializer.ts';
import { median } from './stats.ts';

type Write = (data: unknown) => string;

export interface WritingFigure {
  name: string;
  bytes: number;
  /** Microseconds per answer: the zod check and JSON.stringify (RESPONSE_CHECKS=on), the compiled writer, bare JSON.stringify. */
  checkedMicros: number;
  compiledMicros: number;
  stringifyMicros: number;
}

/**
 * How long writing one answer takes, three ways, side by side in one process: what the platform did
 * before (fastify-type-provider-zod's zod check and `JSON.stringify`, still what RESPONSE_CHECKS=on
 * adds), the writer compiled from the contract (plugins/response-serializer.ts), and a bare
 * `JSON.stringify` for reference. The answers are the two list pages of the API step.
 */
export function runResponseWritingBenchmarks({
  runs,
  calls = 2_000,
}: {
  runs: number;
  calls?: number;
}): WritingFigure[] {
  const timing = { runs, calls };
  return [
    measure('GET transactions (page of 100)', transactionListResponseSchema, transactionPage(), timing),
    measure('GET adviser client list (page of 100)', managedUserListResponseSchema, clientPage(), timing),
  ];
}

interface Timing {
  runs: number;
  calls: number;
}

function measure(name: string, schema: z.core.$ZodType, answer: unknown, timing: Timing): WritingFigure {
  const checked = serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as Write;
  const compiled = compileWriter(schema);
  if (!compiled) throw new Error(`${name}: its contract cannot be compiled`);
  const written = compiled(answer);
  if (written !== checked(answer)) throw new Error(`${name}: the compiled writer wrote another answer`);
  return {
    name,
    bytes: Buffer.byteLength(written),
    checkedMicros: microsPerCall(checked, answer, timing),
    compiledMicros: microsPerCall(compiled, answer, timing),
    stringifyMicros: microsPerCall(JSON.stringify, answer, timing),
  };
}

// The median over `runs` rounds (at least 3) of `calls` calls each, after a quarter as many to warm up.
function microsPerCall(write: Write, answer: unknown, { runs, calls }: Timing): number {
  for (let call = 0; call < calls / 4; call += 1) write(answer);
  const rounds: number[] = [];
  for (let round = 0; round < Math.max(runs, 3); round += 1) {
    const started = performance.now();
    for (let call = 0; call < calls; call += 1) write(answer);
    rounds.push(((performance.now() - started) * 1000) / calls);
  }
  return median(rounds);
}

function transactionPage() {
  const data: Transaction[] = Array.from({ length: 100 }, (_, index) => ({
    id: 1_000_000 + index,
    account_id: 17 + (index % 3),
    base_type: index % 7 === 0 ? 'credit' : 'debit',
    status: 'posted',
    transaction_date: '2026-11-02',
    post_date: index % 5 === 0 ? null : '2026-11-03',
    amount: { amount: index % 7 === 0 ? '2450.00' : `-${(index * 3.17).toFixed(2)}`, currency: 'AUD' },
    description: {
      original: `EFTPOS WOOLWORTHS 12${index} SYDNEY NSW AUS CARD XX1234`,
      simple: 'Woolworths',
      user: index % 9 === 0 ? 'Weekly shop' : null,
    },
    budget_category: 'living',
    category: { id: 12, name: 'Groceries' },
    merchant: { name: 'Woolworths' },
    included: true,
    memo: null,
    user_tags: index % 4 === 0 ? ['household'] : [],
    external_id: `txn-${index}`,
  }));
  return { data, paging: { cursors: { after: 'eyJkIjoiMjAyNi0xMS0wMiIsImkiOjEwMDAwOTl9' }, total: 100_000 } };
}

function clientPage() {
  const data = Array.from({ length: 100 }, (_, index) => ({
    id: 5_000 + index,
    email: `client.${index}@example.com`,
    given_name: 'Alex',
    family_name: `Nguyen-${index}`,
    status: 'active',
    consent: { status: 'active', start: '2026-05-01T00:00:00.000Z', expiry: '2027-05-01T00:00:00.000Z' },
    last_refreshed: '2026-11-24T22:10:00.000Z',
    needs_action_count: index % 3,
    created_at: '2026-05-01T00:00:00.000Z',
  }));
  return { data, paging: { cursors: { after: 'eyJuIjoibmd1eWVuLTE5In0' }, total: 10_000 } };
}
