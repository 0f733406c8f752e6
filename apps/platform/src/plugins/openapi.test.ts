import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

/** The public app config, with or without a tenant: no credentials, so neither 401 nor 403 (routes/config). */
const publicConfig = ['/api/v2/config/app/{id}', '/api/v2/{tenant}/config/app/{id}'];

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

  // Before 2026-12-03 the end-user operations documented 400, 401 and 404 only: a feature switched
  // off or a token for the consents alone (403), the platform starting or its database away (503)
  // and a goal past the client's limit (409) were answered but not documented.
  it('documents 403 and 503 on every end-user operation, and 409 where one is answered', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries<Record<string, Operation>>(document.paths)) {
      if (!path.startsWith('/api/v2/') || publicConfig.includes(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['400', '401', '403', '404', '503']) {
          if (!operation.responses[status]) missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(missing).toEqual([]);
    const errorOf = (path: string, method: string, status: string) =>
      document.paths[path][method].responses[status].content['application/json'].schema;
    expect(errorOf('/api/v2/goals', 'post', '409')).toEqual(errorOf('/api/v2/goals', 'post', '400'));
    expect(errorOf('/api/v2/goals', 'post', '503')).toEqual(errorOf('/api/v2/goals', 'post', '400'));
    expect(document.paths['/api/v2/consents/{id}'].delete.responses['409']).toBeDefined();
  });

  // docs/errors.md: a reference field the platform cannot honour is refused by name; the document
  // shows it as accepting nothing (`not: {}`), or the one value honoured (a one-value `enum`).
  it('shows the reference’s fields that are refused as refused', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const parameter = (path: string, name: string) =>
      document.paths[path].get.parameters.find((item: { name: string }) => item.name === name)?.schema;
    const body = (path: string, method: string) =>
      document.paths[path][method].requestBody.content['application/json'].schema.properties;
    expect(parameter('/api/v2/transactions', 'merchant_ids')).toEqual({ not: {} });
    expect(parameter('/api/v2/financialpassport', 'aggregators')).toEqual({ not: {} });
    expect(parameter('/api/v2/financialpassport', 'provider_account_ids')).not.toHaveProperty('not');
    expect(parameter('/api/v2/financialpassport/export', 'type')).toMatchObject({ enum: ['pdf'] });
    expect(parameter('/api/v2/reports/transactions/budget_categories', 'grouping')).toMatchObject({
      enum: ['budget_category'],
    });
    expect(parameter('/api/v2/reports/transactions/budget_categories/{id}', 'grouping')).toMatchObject({
      enum: ['budget_category'],
    });
    expect(parameter('/api/v2/goals', 'tracking_status')).toMatchObject({
      enum: ['above', 'equal', 'below'],
    });
    const account = body('/api/v2/accounts/{id}', 'put');
    expect(account.account_type).toEqual({ not: {} });
    expect(account.product_id).toEqual({ not: {} });
    expect(account.favourite).toMatchObject({ enum: [false] });
    const goal = body('/api/v2/goals', 'post');
    expect(goal.image_url).toEqual({ not: {} });
    expect(goal.metadata).toEqual({ not: {} });
  });

  it('serves the UI', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
