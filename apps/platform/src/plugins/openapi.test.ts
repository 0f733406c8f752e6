import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

describe('the OpenAPI document', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ ready: false });
  });
  afterAll(() => testApp.close());

  it('describes the routes from their contracts, even while the platform starts', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const operation = document.paths['/api/v2/config/app/{id}'].get;
    expect(Object.keys(operation.responses)).toEqual(['200', '400', '404']);
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toContain(
      'x-tenant-id',
    );
    expect(document.paths['/healthz']).toBeDefined();
  });

  it('declares the body of every API operation that reads one, uploads and raw files included', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // Operations that take no body: a refresh named in the query, a summary recomputed.
    const bodiless = ['PUT /api/v2/provideraccounts', 'PUT /api/admin/user/summary/{id}'];
    const undeclared = Object.entries<Record<string, { requestBody?: unknown }>>(document.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(
            ([method, operation]) => ['post', 'put', 'patch'].includes(method) && !operation.requestBody,
          )
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(undeclared).toEqual(bodiless);
    const upload = document.paths['/api/adviser/images/upload'].post.requestBody.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data'].schema.properties.file).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    const verify = document.paths['/api/v2/documents/verify'].post.requestBody.content;
    expect(Object.keys(verify).sort()).toEqual([
      'application/octet-stream',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(verify['application/pdf'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('serves the UI', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
