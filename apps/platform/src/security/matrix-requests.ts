import type { FastifyInstance } from 'fastify';
import { addMonths } from '../aggregation/calendar-date.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { fillPath, type Operation, sampleValue } from './openapi-operations.ts';
import type { Caller, ExportKind, TargetIds } from './security-fixture.ts';

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

/**
 * The bodies of the operations that take a file, which the document describes in words only: the
 * smallest real one, so that the caller's rights decide the answer, not a missing body.
 */
const boundary = 'matrix-boundary';
/** A 1 × 1 PNG as the one `file` part of a multipart body. */
const multipartPng = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="matrix.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b30000000049454e44ae426082',
    'hex',
  ),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const fileBodies: Record<string, { contentType: string; payload: Buffer }> = {
  'POST /api/adviser/images/upload': {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: multipartPng,
  },
  // A file the platform did not produce: the endpoint answers whether it did.
  'POST /api/v2/documents/verify': {
    contentType: 'application/pdf',
    payload: Buffer.from('%PDF-1.7\n% not produced by the platform\n'),
  },
};

/**
 * JSON bodies whose rule the document cannot state (a change must name at least one field, so the
 * schema's smallest value, `{}`, is a 400 for everyone): the smallest real one.
 */
const jsonBodies: Record<string, object> = {
  'PUT /api/adviser/users/{id}': { given_name: 'Matrix' },
  'PUT /api/admin/users/{id}': { given_name: 'Matrix' },
  'PUT /api/admin/user': { given_name: 'Matrix' },
  'PUT /api/v2/user/details': { given_name: 'Matrix' },
  'PUT /api/adviser/client/user/details': { given_name: 'Matrix' },
  'PUT /api/admin/client/user/details': { given_name: 'Matrix' },
};

/** The required query parameters that name the caller's own targets (the rest are sampled). */
function queryTargets(ids: TargetIds): Record<string, string | number> {
  return { provideraccount_ids: ids.providerAccountId };
}

/** The request the matrix sends: the operation's smallest valid query and body, on the caller's targets. */
export function matrixRequest(operation: Operation, caller: Caller) {
  const query: Record<string, string> = {};
  const targets = queryTargets(caller.ids);
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    query[parameter.name] = String(targets[parameter.name] ?? sampleValue(parameter.schema));
  }
  const values = pathValues(operation.path, caller.ids);
  for (const parameter of operation.parameters) {
    // Ids the platform hands out as UUIDs (document exports): the client's completed export of the
    // path's kind (any kind under documents/), or for a client that has none, one that names nothing.
    if (parameter.in === 'path' && parameter.schema?.format === 'uuid')
      values[parameter.name] = exportFor(operation.path, caller.ids) ?? absentUuid;
  }
  const url = fillPath(operation.path, values);
  const search = new URLSearchParams(query).toString();
  const headers: Record<string, string> = { ...caller.headers };
  let payload: string | Buffer | undefined;
  if (operation.body?.contentType === 'application/json') {
    headers['content-type'] = 'application/json';
    // The operator's verify decides only a practice in review: the fixture's own, not a caller's.
    const body =
      operation.key === 'POST /api/admin/cdr/parties/external/verify' && caller.ids.partyInReviewId
        ? { id: caller.ids.partyInReviewId, status: 'enabled' }
        : (jsonBodies[operation.key] ?? sampleValue(operation.body.schema) ?? {});
    payload = JSON.stringify(withTargets(body, caller.ids));
  } else if (fileBodies[operation.key]) {
    const file = fileBodies[operation.key] as { contentType: string; payload: Buffer };
    headers['content-type'] = file.contentType;
    payload = file.payload;
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

function exportFor(path: string, ids: TargetIds): string | undefined {
  if (!ids.exports) return undefined;
  const kind = (Object.keys(ids.exports) as ExportKind[]).find((name) => path.startsWith(`/api/v2/${name}/`));
  return ids.exports[kind ?? 'accounts/summary'];
}

export async function send(app: FastifyInstance, operation: Operation, caller: Caller) {
  const response = await app.inject(matrixRequest(operation, caller));
  return {
    status: response.statusCode,
    outcome: outcomeOf(response.statusCode),
    body: response.body,
    headers: response.headers,
  };
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
  // A goal starts today (Sydney) and must end after it: a fixed end date failed the day it passed.
  if (result.target === 'open_ended')
    Object.assign(result, { period_amount: '100.00', end_date: addMonths(sydneyToday(), 12) });
  return result;
}
