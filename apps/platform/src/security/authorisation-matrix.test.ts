import type { TenantId } from '@waratah/tenants';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashTokenSecret } from '../auth/tokens/token-secret.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { securityHeaderProblems } from '../testing/security-header-problems.ts';
import { send } from './matrix-requests.ts';
import {
  acceptsNothing,
  type JsonSchema,
  listOperations,
  type Operation,
  sampleValue,
} from './openapi-operations.ts';
import { type Caller, type CallerKind, callerKinds, createSecurityFixture } from './security-fixture.ts';

/**
 * What every caller kind gets on every operation of the OpenAPI document, in the order of
 * `callerKinds`, grouped: anonymous | end user, adviser of the client | other practice, withdrawn
 * consent, unverified, disabled | operator, operator of another tenant, operator without the route's
 * permission area | SSO adviser with the XSRF echo, SSO cookie without it.
 *   O ok (2xx/3xx)   I refused as input (400/409/415…)   U 401   F 403   H 404 (never 403 for a client
 *   the caller may not see)   D ok, or 404 because an earlier caller of the row deleted the target
 * The matrix sends each operation's smallest valid request (sampled from its schema) on the caller's
 * own targets. A new operation without a row here fails the test, and so does a row without an operation.
 * Non-API paths (identity, data holder) are answered by the identity or the simulated bank, whose
 * own credentials the API callers do not carry; they are listed so that none escapes review.
 */
const expected: Record<string, string> = {
  'GET /healthz': 'O OO OOOO OOO OO',
  'GET /readyz': 'O OO OOOO OOO OO',
  'GET /api/v2/config/app/{id}': 'O OO OOOO OOO OO',
  'GET /api/v2/{tenant}/config/app/{id}': 'O OO OOOO OOO OO',
  'GET /api/v2/accounts/{id}': 'U OO HHHH OHF OO',
  'PUT /api/v2/accounts/{id}': 'U OO HHHH OHF OF',
  'GET /api/v2/accounts': 'U OO HHHH OHF OO',
  'GET /api/v2/financialpassport': 'U OO HHHH OHF OO',
  'GET /api/v2/config/cdr': 'O OO OOOO OOO OO',
  'GET /api/v2/config/cdr/{id}': 'O OO OOOO OHO OO',
  'GET /api/v2/goals': 'U OO HHHH OHF OO',
  'POST /api/v2/goals': 'U OO HHHH OHF OF',
  'GET /api/v2/images': 'U OO OOOO OOO OO',
  'GET /api/v2/provideraccounts/{id}': 'U OO HHHH OHF OO',
  'GET /api/v2/provideraccounts': 'U OO HHHH OHF OO',
  'GET /api/v2/providers/{id}': 'U OO OOOO OOO OO',
  'GET /api/v2/providers': 'U OO OOOO OOO OO',
  'GET /api/v2/reports/transactions/budget_categories': 'U OO HHHH OHF OO',
  'GET /api/v2/reports/transactions/budget_categories/{id}': 'U OO HHHH OHF OO',
  'POST /api/v2/transactions/tags': 'U OO HHHH OHF OF',
  'GET /api/v2/transactions/{id}': 'U OO HHHH OHF OO',
  'PUT /api/v2/transactions/{id}': 'U OO HHHH OHF OF',
  'GET /api/v2/transactions/categories': 'U OO OOOO OOO OO',
  'GET /api/v2/transactions': 'U OO HHHH OHF OO',
  'GET /api/v2/transactions/summary': 'U OO HHHH OHF OO',
  'PUT /api/v2/transactions/bulk': 'U OO HHHH OHF OF',
  'GET /api/v2/user/details': 'U OO HHHH OHF OO',
  'PUT /api/v2/user/details': 'U OO HHHH OHF OF',
  'GET /api/adviser/client/user/details': 'U OO HHHH OHF OO',
  'PUT /api/adviser/client/user/details': 'U OO HHHH OHF OF',
  'GET /api/admin/client/user/details': 'U OO HHHH OHF OO',
  'PUT /api/admin/client/user/details': 'U OO HHHH OHF OF',
  'GET /api/v2/user/summary': 'U OO HHHH OHF OO',
  'GET /api/adviser/client/user/summary': 'U OO HHHH OHF OO',
  'GET /api/admin/client/user/summary': 'U OO HHHH OHF OO',
  'GET /api/adviser/users': 'U HO OOHH OOF OO',
  'GET /api/adviser/users/consents': 'U HO OOHH HHF OO',
  'GET /api/adviser/audit': 'U HO OOHH OOF OO',
  'GET /api/admin/audit': 'U HO OOHH OOF OO',
  'GET /api/adviser/users/{id}': 'U HO HOHH OHF OO',
  'PUT /api/adviser/users/{id}': 'U HO HHHH OHF OF',
  'POST /api/adviser/user/invite/legacy': 'U HO OOHH HHF OF',
  'GET /api/adviser/images': 'U HO OOOO OOO OO',
  'GET /api/adviser/images/{id}/content': 'U HO HOOO HHH OO',
  'POST /api/adviser/images/upload': 'U HO OOOO OOF OF',
  'GET /api/admin/users': 'U HO OOHH OOF OO',
  'GET /api/admin/users/{id}': 'U HO HOHH OHF OO',
  'PUT /api/admin/users/{id}': 'U HO HHHH OHF OF',
  'PUT /api/admin/user': 'U HO HHHH OHF OF',
  'PUT /api/admin/user/summary/{id}': 'U HO HHHH OHF OF',
  'POST /api/admin/user/invite': 'U HO OOHH HHF OF',
  'GET /api/v2/consents': 'U OO HHHH OHF OO',
  'POST /api/v2/consents': 'U IF FFFF FFF FF',
  'GET /api/v2/consents/{id}': 'U OO HHHH OHF OO',
  'POST /api/v2/provideraccounts': 'U II HHHH IHF IF',
  // The fixture's connection is to a demo provider without a data holder: once the caller may see
  // it, a refresh is refused as input (400, "their data comes from file imports").
  'PUT /api/v2/provideraccounts': 'U II HHHH IHF IF',
  'POST /api/v2/financialpassport/exports': 'U OO HHHH OHF OF',
  'GET /api/v2/financialpassport/exports': 'U OO HHHH OHF OO',
  'GET /api/v2/financialpassport/exports/{id}': 'U OO HHHH OHF OO',
  'GET /api/v2/financialpassport/export': 'U OO HHHH OHF OO',
  'POST /api/v2/statements': 'U OO HHHH OHF OF',
  'GET /api/v2/statements/{id}': 'U OO HHHH OHF OO',
  'POST /api/v2/accounts/summary': 'U OO HHHH OHF OF',
  'GET /api/v2/accounts/summary/{id}': 'U OO HHHH OHF OO',
  'POST /api/v2/documents/insights': 'U OO HHHH OHF OF',
  'POST /api/v2/documents/transactions': 'U OO HHHH OHF OF',
  'GET /api/v2/documents': 'U OO HHHH OHF OO',
  'GET /api/v2/documents/{id}': 'U OO HHHH OHF OO',
  'GET /api/v2/documents/{id}/file': 'U OO HHHH OHF OO',
  'POST /api/v2/documents/verify': 'U OO OOOO OOO OF',
  'DELETE /api/v2/consents/{id}': 'U OF FFFF FFF FF',
  'POST /api/v2/imports/csv/preview': 'U II HHHH IHF IF',
  'POST /api/v2/imports': 'U II IIII IIF IF',
  'GET /api/v2/imports': 'U OO HHHH OHF OO',
  'GET /dev/mailbox/messages.json': 'O OO OOOO OOO OO',
  'POST /oauth/token': 'I II IIII III II',
  'POST /oauth/admin/token': 'I II IIII III II',
  'POST /oauth/revoke': 'I II IIII III II',
  'GET /api/admin/adminusers/details': 'U FO OOOO OOO OO',
  'POST /api/admin/adminusers/reset': 'O OO OOOO OOO OF',
  'POST /api/admin/adminusers/reset/password': 'I II IIII III IF',
  'POST /api/admin/adminusers/invite': 'U FO OOHH OOF OF',
  'PUT /api/admin/adminusers/{id}/permissions': 'U FF FFFF HHF FF',
  'POST /api/admin/adminusers/register': 'O OO OOOO OOO FF',
  'POST /api/adviser/parties/external': 'U FI IIII FFF IF',
  'GET /api/adviser/parties/external/details': 'U FO OOOO HHH OO',
  'PUT /api/adviser/parties/external/details': 'U FO OOOO HHH OF',
  'GET /api/adviser/parties/external/verify': 'U FO OOOO OOO OO',
  'POST /api/adviser/parties/external/verify': 'O OO OOOO OOO FF',
  'GET /api/admin/cdr/parties/external/verify': 'U FF FFFF OOF FF',
  'POST /api/admin/cdr/parties/external/verify': 'U FF FFFF OHF FF',
  'POST /api/admin/cdr/parties/external': 'U FF FFFF OOF FF',
  'PUT /api/admin/cdr/parties/external/{id}': 'U FF FFFF OHF FF',
  'GET /api/adviser/brokers/aggregators': 'U FO OOOO OOO OO',
  'GET /api/admin/brokers/aggregators': 'U FO OOOO OOO OO',
  'PUT /api/admin/config/app/{id}': 'I II IIII IIF IF',
  'GET /oauth2/{*}': 'H HH HHHH HHH OO',
  'PATCH /oauth2/{*}': 'H HH HHHH HHH HH',
  'PUT /oauth2/{*}': 'H HH HHHH HHH HH',
  'POST /oauth2/{*}': 'H HH HHHH HHH HH',
  'GET /oauth2/interaction/{uid}': 'H HH HHHH HHH II',
  'POST /oauth2/interaction/{uid}/login': 'H HH HHHH HHH II',
  'POST /oauth2/interaction/{uid}/register': 'H HH HHHH HHH II',
  'GET /app/login/': 'H HH HHHH HHH II',
  'GET /app/register/': 'H HH HHHH HHH II',
  'GET /app/callback/': 'H HH HHHH HHH II',
  'GET /app/me/': 'H HH HHHH HHH OO',
  'POST /app/refresh/': 'H HH HHHH HHH II',
  'GET /app/logout/': 'H HH HHHH HHH II',
  'POST /app/logout/': 'H HH HHHH HHH II',
  'GET /account/': 'H HH HHHH HHH II',
  'POST /account/password': 'H HH HHHH HHH II',
  'GET /app/forgot-password/': 'H HH HHHH HHH II',
  'POST /app/forgot-password/': 'H HH HHHH HHH II',
  'GET /app/reset-password/': 'H HH HHHH HHH II',
  'POST /app/reset-password/': 'H HH HHHH HHH II',
  'GET /app/verify-email/': 'H HH HHHH HHH II',
  'POST /app/verify-email/': 'H HH HHHH HHH II',
  'GET /data-holder/{bankId}/cds-au/v1/discovery/status': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/discovery/outages': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/common/customer': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/common/customer/detail': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/banking/accounts': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/banking/accounts/{accountId}': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/banking/accounts/balances': 'H HH HHHH HHH HH',
  'POST /data-holder/{bankId}/cds-au/v1/banking/accounts/balances': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/banking/accounts/{accountId}/balance': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/banking/accounts/{accountId}/transactions': 'H HH HHHH HHH HH',
  'GET /data-holder/{bankId}/cds-au/v1/banking/products': 'H HH HHHH HHH HH',
  'POST /data-holder/admin/consents': 'I II IIII III II',
  'GET /data-holder/control/faults': 'O OO OOOO OOO OO',
  'POST /data-holder/control/faults': 'I II IIII III II',
  'PUT /data-holder/control/clock': 'I II IIII III II',
  'DELETE /api/v2/goals/{id}': 'U OD HHHH DHF OF',
  'DELETE /api/v2/provideraccounts/{id}': 'U OD HHHH DHF OF',
  'DELETE /api/v2/transactions/tags': 'U HH HHHH HHF HF',
  'DELETE /api/adviser/images/{id}': 'U HO HOOO HHF OF',
  'DELETE /oauth2/{*}': 'H HH HHHH HHH HH',
  'DELETE /data-holder/admin/consents/{consentId}': 'O OO OOOO OOO OO',
  'DELETE /data-holder/control/faults': 'O OO OOOO OOO OO',
  'DELETE /data-holder/control/clock': 'O OO OOOO OOO OO',
  'DELETE /api/adviser/users/{id}': 'U HO HOOO HHF OF',
};

const codes: Record<string, (status: number) => boolean> = {
  O: (status) => status < 400,
  I: (status) => status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status),
  U: (status) => status === 401,
  F: (status) => status === 403,
  H: (status) => status === 404,
  D: (status) => status < 400 || status === 404,
};

/**
 * Deletes last, and the deletions that take a client's data with them (the client itself, a withdrawn
 * consent) very last, so that every other row finds its targets.
 */
function inRunOrder(operations: Operation[]): Operation[] {
  const rank = (operation: Operation) =>
    operation.method !== 'DELETE' ? 0 : /\/(users|consents)\//.test(operation.path) ? 2 : 1;
  return [...operations].sort((a, b) => rank(a) - rank(b));
}

describe('the authorisation matrix over every operation of the OpenAPI document', () => {
  let testApp: TestApp;
  let callers: Record<CallerKind, Caller>;
  let operations: Operation[];

  beforeAll(async () => {
    testApp = await buildTestApp();
    callers = await createSecurityFixture(testApp.app);
    operations = await listOperations(testApp.app);
  });
  afterAll(() => testApp.close());

  it('has a rule for every operation, and no rule for an operation that is gone', () => {
    const keys = operations.map((operation) => operation.key);
    expect(
      keys.filter((key) => !(key in expected)),
      'operations without a rule',
    ).toEqual([]);
    expect(
      Object.keys(expected).filter((key) => !keys.includes(key)),
      'rules without an operation',
    ).toEqual([]);
    for (const [key, row] of Object.entries(expected)) {
      expect(row.replaceAll(' ', ''), key).toMatch(new RegExp(`^[OIUFHD]{${callerKinds.length}}$`));
    }
  });

  // The matrix's valid requests and the fuzzer's starting points are these samples: one its own
  // contract refuses turns every request of its operation into a 400 before the rule is met. Ajv
  // (JSON Schema 2020-12, the dialect of the OpenAPI 3.1 document) judges them, not the sampler.
  it('samples every parameter and body as a value its own schema accepts', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const misses: string[] = [];
    const check = (schema: JsonSchema | undefined, where: string) => {
      if (!schema) return;
      const sample = sampleValue(schema);
      try {
        const valid = ajv.validate(schema, sample);
        if (!valid) misses.push(`${where} ${JSON.stringify(sample)}: ${ajv.errorsText()}`);
      } catch (error) {
        misses.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    for (const operation of operations) {
      for (const parameter of operation.parameters) {
        // Named to be refused: never sent, and no value to sample.
        if (!parameter.required && acceptsNothing(parameter.schema)) continue;
        check(parameter.schema, `${operation.key} ${parameter.in} ${parameter.name}`);
      }
      check(operation.body?.schema, `${operation.key} body`);
    }
    expect(misses).toEqual([]);
  });

  /**
   * A bearer token is looked up afresh on every request, or confirmed in the request's own access
   * statement when its route starts from a recent lookup (`auth/confirm-principal.ts`). Either way a
   * token revoked a moment after its last use must get 401 everywhere credentials are needed, and
   * before whatever else its request would have earned.
   */
  it('refuses a token revoked since it was last used, on every operation that needs credentials', async () => {
    const owner = callers['adviser of the client'];
    const seen = operations.find((operation) => operation.key === 'GET /api/v2/transactions/summary');
    if (!seen) throw new Error('no summary operation');
    const token = await testApp.database.db
      .selectFrom('oauth_tokens')
      .select(['subject_kind', 'subject_id', 'tenant_id', 'client_id'])
      .where('token_hash', '=', hashTokenSecret(owner.headers.authorization?.replace(/^Bearer /, '') ?? ''))
      .executeTakeFirstOrThrow();
    const wrong: string[] = [];
    for (const operation of operations) {
      if (expected[operation.key]?.[0] !== 'U') continue;
      const issued = await testApp.app.tokens.issueForSignIn({
        kind: token.subject_kind,
        id: token.subject_id,
        tenantId: token.tenant_id as TenantId,
        clientId: token.client_id,
      });
      const caller = {
        ...owner,
        headers: { ...owner.headers, authorization: `Bearer ${issued.accessToken}` },
      };
      expect((await send(testApp.app, seen, caller)).status).toBe(200);
      await testApp.app.tokens.revoke(issued.accessToken);
      const { status } = await send(testApp.app, operation, caller);
      if (status !== 401) wrong.push(`${operation.key}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  /**
   * A client's token for their consents alone (`scope=consents`: the one sign-in a suspended client
   * may make) reaches the routes that declare `openToConsentsScope` and is 403 `insufficient_scope`
   * on every other API operation, before it does anything: a new route is closed to it unless it is
   * opened on purpose, and then it must be named here.
   */
  it('lets a token for the consents alone reach only the consents and the public config', async () => {
    const endUser = callers['end user'];
    const token = await testApp.database.db
      .selectFrom('oauth_tokens')
      .select(['subject_id', 'tenant_id', 'client_id'])
      .where('token_hash', '=', hashTokenSecret(endUser.headers.authorization?.replace(/^Bearer /, '') ?? ''))
      .executeTakeFirstOrThrow();
    const issued = await testApp.app.tokens.issueForSignIn(
      {
        kind: 'client',
        id: token.subject_id,
        tenantId: token.tenant_id as TenantId,
        clientId: token.client_id,
      },
      { withRefreshToken: false, scope: 'consents' },
    );
    const caller = {
      ...endUser,
      headers: { ...endUser.headers, authorization: `Bearer ${issued.accessToken}` },
    };
    const reached: string[] = [];
    const wrong: string[] = [];
    for (const operation of operations) {
      if (!operation.path.startsWith('/api/')) continue;
      // Withdrawing the client's consent here would change what the matrix below finds.
      if (operation.key === 'DELETE /api/v2/consents/{id}') continue;
      const { status, body, headers } = await send(testApp.app, operation, caller);
      if (status < 400) {
        reached.push(operation.key);
        continue;
      }
      if (status !== 403 || JSON.parse(body).error.error_code !== 'F0203')
        wrong.push(`${operation.key}: ${status} ${body.slice(0, 200)}`);
      else if (headers['www-authenticate'] !== 'Bearer error="insufficient_scope"')
        wrong.push(`${operation.key}: WWW-Authenticate ${String(headers['www-authenticate'])}`);
    }
    expect(wrong).toEqual([]);
    expect(reached).toEqual([
      'GET /api/v2/config/app/{id}',
      'GET /api/v2/{tenant}/config/app/{id}',
      'GET /api/v2/config/cdr',
      'GET /api/v2/config/cdr/{id}',
      'GET /api/v2/consents',
      'GET /api/v2/consents/{id}',
    ]);
  });

  it('confirms a recently used token inside the access statement on every client-data read', async () => {
    const owner = callers['adviser of the client'];
    const lookups = vi.spyOn(testApp.app.tokens, 'findAccessTokenSubject');
    const ownLookup: string[] = [];
    for (const operation of operations) {
      if (operation.method !== 'GET' || !operation.path.startsWith('/api/')) continue;
      if (expected[operation.key]?.replaceAll(' ', '')[2] !== 'O') continue;
      await send(testApp.app, operation, owner);
      lookups.mockClear();
      const { status } = await send(testApp.app, operation, owner);
      expect(status, operation.key).toBeLessThan(400);
      if (lookups.mock.calls.length > 0) ownLookup.push(operation.key);
    }
    lookups.mockRestore();
    // Reads that do not start with one client's access check (or, for the client list, the read of
    // its practice's list version) look the token up on their own; a route that declares
    // `confirmsCaller` and still needs a lookup (the last hook's) shows up here.
    expect(ownLookup).toEqual([
      'GET /api/v2/config/app/{id}',
      'GET /api/v2/{tenant}/config/app/{id}',
      'GET /api/v2/config/cdr',
      'GET /api/v2/config/cdr/{id}',
      'GET /api/v2/images',
      'GET /api/v2/providers/{id}',
      'GET /api/v2/providers',
      'GET /api/v2/transactions/categories',
      'GET /api/adviser/users/consents',
      'GET /api/adviser/users/{id}',
      'GET /api/adviser/images',
      'GET /api/adviser/images/{id}/content',
      'GET /api/adviser/audit',
      'GET /api/admin/users/{id}',
      'GET /api/admin/audit',
      'GET /api/admin/adminusers/details',
      'GET /api/adviser/parties/external/details',
      'GET /api/adviser/parties/external/verify',
      'GET /api/adviser/brokers/aggregators',
      'GET /api/admin/brokers/aggregators',
    ]);
  });

  it('answers every caller kind exactly as its rule says, never with a 5xx, always with the security headers', async () => {
    const wrong: string[] = [];
    const unprotected = new Set<string>();
    for (const operation of inRunOrder(operations)) {
      const row = expected[operation.key]?.replaceAll(' ', '');
      if (!row) continue;
      for (const [index, kind] of callerKinds.entries()) {
        const { status, body, headers } = await send(testApp.app, operation, callers[kind]);
        const apiData = operation.path.startsWith('/api/');
        for (const problem of securityHeaderProblems(headers, { apiData }))
          unprotected.add(`${operation.key} (${status}): ${problem}`);
        const code = row[index] ?? '?';
        if (!codes[code]?.(status))
          wrong.push(`${operation.key} as ${kind}: ${status}, expected ${code} ${body.slice(0, 200)}`);
        if (status === 404 && operation.path.startsWith('/api/')) {
          // Hidden means indistinguishable from absent: the catalogue's not-found code, nothing more.
          expect(JSON.parse(body).error.error_code, `${operation.key} as ${kind}`).toBe('F0300');
        }
      }
    }
    expect(wrong).toEqual([]);
    expect([...unprotected]).toEqual([]);
  });
});
