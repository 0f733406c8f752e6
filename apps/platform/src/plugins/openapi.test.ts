import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, listOperations, sampleValue } from '../security/openapi-operations.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { tenantHost } from '../testing/sign-in.ts';
import { operationsWithoutCredentials } from './openapi.ts';

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

  // Before 2026-12-03 the document named no security scheme: a generated client sent no token.
  it('declares bearer authentication on the operations that need credentials, and only there', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const securityOf = (method: string, path: string) => document.paths[path][method].security;
    const secured: [string, string][] = [
      ['get', '/api/v2/accounts'],
      ['post', '/api/v2/goals'],
      ['put', '/api/v2/transactions/{id}'],
      ['get', '/api/adviser/users'],
      ['put', '/api/admin/users/{id}'],
      // Routes with a transform of their own (a multipart upload, a raw file).
      ['post', '/api/adviser/images/upload'],
      ['post', '/api/v2/documents/verify'],
    ];
    for (const [method, path] of secured)
      expect(securityOf(method, path), `${method} ${path}`).toEqual([{ bearer: [] }]);
    const open: [string, string][] = [
      ['get', '/api/v2/config/cdr'],
      ['get', '/api/v2/config/app/{id}'],
      ['post', '/api/admin/adminusers/register'],
      ['post', '/oauth/token'],
      ['post', '/oauth/admin/token'],
      ['get', '/healthz'],
      ['get', '/app/login/'],
    ];
    for (const [method, path] of open) expect(securityOf(method, path), `${method} ${path}`).toBeUndefined();
    // Every operation the list opens is one the document has: a renamed route cannot leave it stale.
    const documented = new Set((await listOperations(testApp.app)).map((operation) => operation.key));
    expect([...operationsWithoutCredentials].filter((key) => !documented.has(key))).toEqual([]);
  });

  it('serves the UI', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

// The list of operations open without credentials against the server's own answers: every GET and
// DELETE under /api (no body to fail its contract first) answers an anonymous caller 401 exactly
// when the document says it needs a token. The authorisation matrix holds the rest.
describe('the OpenAPI document’s security, against the answers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('marks exactly the operations an anonymous caller is refused with 401', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    // Ids the public config answers for; elsewhere the smallest value each parameter's contract takes.
    const publicIds: Record<string, string> = {
      '/api/v2/config/app/{id}': 'adviser-web-portal',
      '/api/v2/{tenant}/config/app/{id}': 'adviser-web-portal',
      '/api/v2/config/cdr/{id}': 'moneypartner-default',
    };
    const mismatched: string[] = [];
    const checked: string[] = [];
    for (const operation of await listOperations(testApp.app)) {
      if (!operation.path.startsWith('/api/') || operation.body) continue;
      if (!['GET', 'DELETE'].includes(operation.method)) continue;
      checked.push(operation.key);
      const values: Record<string, string> = { tenant: 'moneypartner' };
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        const sample = String(sampleValue(parameter.schema));
        if (parameter.in === 'path') values[parameter.name] ??= sample;
        if (parameter.in === 'query' && parameter.required) query.set(parameter.name, sample);
      }
      if (publicIds[operation.path]) values.id = publicIds[operation.path] ?? '';
      const url = fillPath(operation.path, values);
      const response = await testApp.app.inject({
        method: operation.method as 'GET' | 'DELETE',
        url: query.size ? `${url}?${query}` : url,
        headers: { host: tenantHost('moneypartner') },
      });
      const secured = document.paths[operation.path][operation.method.toLowerCase()].security !== undefined;
      if ((response.statusCode === 401) !== secured)
        mismatched.push(`${operation.key}: ${response.statusCode}, ${secured ? 'marked' : 'not marked'}`);
    }
    expect(mismatched).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining(['GET /api/v2/config/cdr', 'GET /api/v2/accounts', 'DELETE /api/v2/goals/{id}']),
    );
  });
});
