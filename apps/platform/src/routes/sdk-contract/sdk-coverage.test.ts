import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sdk from '@waratah/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { outsideTheSdk, type SdkCall, sdkOperations } from './sdk-operations.ts';

const sourceRoot = fileURLToPath(new URL('../..', import.meta.url));
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace', 'query'];

/** The SDK contract tests: test files under src whose name says `sdk` (this one aside). */
function contractTestSources(): { file: string; source: string }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/sdk.*\.test\.ts$/.test(entry.name) && !path.endsWith('sdk-coverage.test.ts'))
        files.push(path);
    }
  };
  walk(sourceRoot);
  return files
    .map((file) => ({ file: relative(sourceRoot, file), source: readFileSync(file, 'utf8') }))
    .filter(({ source }) => source.includes("from '@waratah/sdk'"));
}

const sdkName = (call: SdkCall) => (typeof call === 'string' ? call : call.sdk);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether some contract test calls the SDK export (`name(`) or the factory method (`.method(`),
 * with the call's `with` text inside the call when there is one.
 */
function isCalled(call: SdkCall, sources: { source: string }[]): boolean {
  const [exported = '', method] = sdkName(call).split('.');
  const argument = typeof call === 'string' ? '' : `[^;]*${escapeRegExp(call.with)}`;
  const calls = (text: string, callee: string, prefix: string) =>
    new RegExp(`${prefix}${callee}\\(${method === undefined ? argument : ''}`).test(text);
  return sources.some(
    ({ source }) =>
      calls(source, exported, '[^\\w.]') && (method === undefined || calls(source, method, '\\.')),
  );
}

describe('SDK coverage of the OpenAPI document', () => {
  let testApp: TestApp;
  let operations: string[];

  beforeAll(async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => methods.includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
  afterAll(() => testApp.close());

  const outside = (operation: string) =>
    outsideTheSdk.some(({ prefix }) => operation.split(' ')[1]?.startsWith(prefix));

  it('maps every operation of the client API to an SDK call, and lists no stale one', () => {
    const clientApi = operations.filter((operation) => !outside(operation));
    expect(clientApi.length).toBeGreaterThan(90);
    expect(clientApi.filter((operation) => !(operation in sdkOperations))).toEqual([]);
    expect(Object.keys(sdkOperations).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('names SDK functions that exist', () => {
    const exports = sdk as unknown as Record<string, unknown>;
    const missing = Object.entries(sdkOperations).filter(([, call]) => {
      const [exported = '', method] = sdkName(call).split('.');
      const value = exports[exported];
      if (typeof value !== 'function') return true;
      if (method === undefined) return false;
      const built = (value as (options: sdk.ApiClientOptions) => Record<string, unknown>)({
        baseUrl: 'http://localhost:8080',
      });
      return typeof built[method] !== 'function';
    });
    expect(missing).toEqual([]);
  });

  it('has a contract test calling each through the SDK against the real server', () => {
    const sources = contractTestSources();
    expect(sources.map(({ file }) => file).length).toBeGreaterThanOrEqual(5);
    const untested = Object.entries(sdkOperations)
      .filter(([, call]) => !isCalled(call, sources))
      .map(([operation, call]) => `${operation} → ${sdkName(call)}`);
    expect(untested).toEqual([]);
  });
});
