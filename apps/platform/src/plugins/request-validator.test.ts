import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import {
  type AdviserWithClient,
  signedInAdviserWithClient,
} from '../testing/signed-in-adviser-with-client.ts';
import { nulPath } from './request-validator.ts';

describe('nulPath', () => {
  it('finds U+0000 in any string, key or element, and nothing else', () => {
    expect(nulPath({ a: ['x', { b: 'y\u0000' }] }, [])).toEqual(['a', 1, 'b']);
    expect(nulPath({ 'k\u0000': 1 }, [])).toEqual(['k\u0000']);
    expect(nulPath('\u0000', [])).toEqual([]);
    expect(nulPath({ a: ['x', { b: 'y', c: 1, d: null, e: true }] }, [])).toBeUndefined();
  });
});

describe('requests with the NUL character', () => {
  let testApp: TestApp;
  let fixture: AdviserWithClient;

  beforeAll(async () => {
    testApp = await buildTestApp();
    fixture = await signedInAdviserWithClient(testApp.app);
  });
  afterAll(() => testApp.close());

  it('are refused as the caller’s error, by field, in queries and bodies', async () => {
    const search = await testApp.app.inject({
      url: '/api/v2/transactions?search_term=rent%00',
      headers: fixture.headers,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.fields).toEqual([
      { field: 'querystring.search_term', message: 'must not contain the NUL character' },
    ]);
    const preview = await testApp.app.inject({
      method: 'POST',
      url: '/api/v2/imports/csv/preview',
      headers: { ...fixture.headers, 'content-type': 'application/json' },
      payload: '{"content":"date,amount\\n2026-11-01,1.00\\u0000"}',
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().error.fields).toEqual([
      { field: 'body.content', message: 'must not contain the NUL character' },
    ]);
  });

  it('refuse half of a surrogate pair, which PostgreSQL cannot store, and take a whole one', async () => {
    const tag = (tags: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/v2/transactions/tags',
        headers: { ...fixture.headers, 'content-type': 'application/json' },
        payload: `{"transaction_ids":[${fixture.transactionIds[0]}],"tags":[${tags}]}`,
      });
    for (const lone of ['"\\ud800"', '"a\\udc00"']) {
      const refused = await tag(lone);
      expect(refused.statusCode, lone).toBe(400);
      expect(refused.json().error.fields).toEqual([
        { field: 'body.tags.0', message: 'must be well-formed Unicode (it holds half of a surrogate pair)' },
      ]);
    }
    expect((await tag('"\\ud83d\\ude00"')).statusCode).toBeLessThan(300);
  });
});
