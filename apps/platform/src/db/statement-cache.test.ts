import { describe, expect, it } from 'vitest';
import { changedResultType, mayPrepare, planEachRun, StatementCache } from './statement-cache.ts';

describe('mayPrepare', () => {
  it('prepares parameterised statements only', () => {
    expect(mayPrepare('select * from clients where id = $1', [1])).toBe(true);
    expect(mayPrepare('select 1; select 2', [])).toBe(false);
    expect(mayPrepare(`${planEachRun} select * from transactions where client_id = $1`, [7])).toBe(false);
  });

  it('never prepares an upsert that infers a partial index from its predicate', () => {
    // Kysely's text for the job queue's singleton insert.
    const singleton =
      'insert into "jobs" ("name", "singleton_key") values ($1, $2) on conflict ("name", "singleton_key") where "state" in ($3, $4) and "singleton_key" is not null do nothing returning "id"';
    expect(mayPrepare(singleton, ['export', 'k', 'created', 'active'])).toBe(false);
    expect(mayPrepare('insert into t (a) values ($1) ON CONFLICT(a) WHERE b do nothing', [1])).toBe(false);
    // A plain upsert names its unique index without a predicate and is prepared.
    expect(
      mayPrepare('insert into "tags" ("name") values ($1) on conflict ("name") do update set "name" = $2', [
        'a',
        'a',
      ]),
    ).toBe(true);
    expect(mayPrepare('insert into t (a) values ($1) on conflict do nothing', [1])).toBe(true);
  });
});

describe('StatementCache', () => {
  it('asks for a statement once, then answers it', () => {
    const cache = new StatementCache<string>();
    expect(cache.find('select $1::int', [1])).toBeUndefined();
    cache.remember('select $1::int', 'one');
    expect(cache.find('select $1::int', [2])).toBe('one');
    expect(cache.find('select 1', [])).toBeNull();
  });

  it('keeps at most `limit` texts and runs the rest unprepared', () => {
    const cache = new StatementCache<string>(2);
    cache.remember('select $1', 'a');
    cache.remember('select $1, $2', 'b');
    expect(cache.find('select $1, $2, $3', [1, 2, 3])).toBeNull();
    expect(cache.find('select $1', [1])).toBe('a');
  });

  it('runs a text unprepared after it could not be prepared or its result type changed', () => {
    const cache = new StatementCache<string>();
    cache.remember('select nope($1)', null);
    expect(cache.find('select nope($1)', [1])).toBeNull();
    cache.remember('select * from t where id = $1', 't');
    cache.failed(
      'select * from t where id = $1',
      new Error('duplicate key value violates unique constraint'),
    );
    expect(cache.find('select * from t where id = $1', [1])).toBe('t');
    cache.failed('select * from t where id = $1', new Error(changedResultType));
    expect(cache.find('select * from t where id = $1', [1])).toBeNull();
  });
});
