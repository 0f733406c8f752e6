import type { FastifyInstance } from 'fastify';
import { fillPath, type Operation, sampleValue } from './openapi-operations.ts';
import type { Caller, TargetIds } from './security-fixture.ts';

/** How a request came out, as far as authorisation is concerned. */
export type Outcome = 'ok' | 'invalid' | 'unauthorised' | 'forbidden' | 'hidden' | 'limited' | 'error';

export function outcomeOf(status: number): Outcome {
  if (status >= 500) return 'error';
  if (status < 400) return 'ok';
  if (status === 401) return 'unauthorised';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'hidden';
  if (status === 429) return 'limited';
  return 'invalid';
}

/** The value of each `{name}` of a path, read from the caller's own targets. */
export function pathValues(path: string, ids: TargetIds): Record<string, string | number> {
  const id = (() => {
    if (path.includes('/accounts/{id}')) return ids.accountId;
    if (path.includes('/transactions/{id}')) return ids.transactionId;
    if (path.includes('/provideraccounts/')) return ids.providerAccountId;
    if (path.includes('/providers/')) return ids.providerId;
    if (path.includes('/goals/')) return ids.goalId;
    if (path.includes('/images/')) return ids.imageId;
    if (path.includes('/budget_categories/')) return 1;
    if (path.includes('/config/cdr/')) return `${ids.tenantId}-default`;
    if (path.includes('/config/app/')) return 'adviser-web-portal';
    if (path.includes('/parties/external/')) return ids.partyId;
    return ids.clientId;
  })();
  return {
    id,
    tenant: ids.tenantId,
    bankId: 'westpac',
    accountId: '1',
    consentId: '1',
    uid: 'unknown-interaction',
    wildcard: 'jwks',
  };
}

const absentUuid = '00000000-0000-4000-8000-000000000000';

/** The request the matrix sends: the operation's smallest valid query and body, on the caller's targets. */
export function matrixRequest(operation: Operation, caller: Caller) {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query[parameter.name] = String(sampleValue(parameter.schema));
  }
  const values = pathValues(operation.path, caller.ids);
  for (const parameter of operation.parameters) {
    // Ids the platform hands out as UUIDs (documents, exports): one that names nothing.
    if (parameter.in === 'path' && parameter.schema?.format === 'uuid') values[parameter.name] = absentUuid;
  }
  const url = fillPath(operation.path, values);
  const search = new URLSearchParams(query).toString();
  const headers: Record<string, string> = { ...caller.headers };
  let payload: string | undefined;
  if (operation.body?.contentType === 'application/json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(withTargets(sampleValue(operation.body.schema) ?? {}, caller.ids));
  } else if (operation.body) {
    headers['content-type'] = operation.body.contentType;
    payload = '';
  }
  return {
    method: operation.method as 'GET',
    url: search ? `${url}?${search}` : url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

export async function send(app: FastifyInstance, operation: Operation, caller: Caller) {
  const response = await app.inject(matrixRequest(operation, caller));
  return { status: response.statusCode, outcome: outcomeOf(response.statusCode), body: response.body };
}

let unique = 0;

// What a schema cannot say: ids must be the caller's own, e-mail addresses and ABNs well formed,
// and a change must change something.
const fieldValues: Record<string, (ids: TargetIds) => unknown> = {
  transaction_ids: (ids) => [ids.transactionId],
  transaction_id: (ids) => ids.transactionId,
  account_id: (ids) => ids.accountId,
  email: () => `matrix-${++unique}@example.test`,
  abn: () => '51824753556',
  postcode: () => '2000',
  phone: () => '0400000000',
  password: () => 'Matrix-Password-4242',
  password_confirmation: () => 'Matrix-Password-4242',
};

function withTargets(value: unknown, ids: TargetIds): unknown {
  if (Array.isArray(value)) return value.map((item) => withTargets(item, ids));
  if (!value || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    const fill = fieldValues[name];
    result[name] = fill ? fill(ids) : withTargets(field, ids);
  }
  if ('transaction_ids' in result && Object.keys(result).length === 1) result.included = true;
  if (result.target === 'open_ended')
    Object.assign(result, { period_amount: '100.00', end_date: '2027-01-01' });
  return result;
}
