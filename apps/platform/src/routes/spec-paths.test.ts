import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { specPaths } from './spec-paths.ts';

describe('the OpenAPI document and spec §7', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('lists every path of spec-paths.ts with its method and a success answer', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const missing = specPaths.filter(({ method, path }) => !document.paths[path]?.[method]);
    expect(missing).toEqual([]);
    for (const { method, path } of specPaths) {
      const codes = Object.keys(document.paths[path]?.[method]?.responses ?? {});
      expect(
        codes.some((code) => code.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
    }
  });
});
