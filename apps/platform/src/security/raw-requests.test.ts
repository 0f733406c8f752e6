import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueOf } from '../jobs/register-job-queue.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { type RawResponse, sendRaw } from '../testing/raw-http.ts';
import { securityHeaderProblems } from '../testing/security-header-problems.ts';
import { changedTables, databaseFingerprint, stackTracePattern } from './fuzz-requests.ts';
import { pathValues } from './matrix-requests.ts';
import { fillPath, listOperations, type Operation } from './openapi-operations.ts';
import { type Caller, createSecurityFixture } from './security-fixture.ts';

// Over a real socket, in production mode (HSTS), with a one-second request timeout so that a
// request that stops arriving is cut off within the test.
const requestTimeoutSeconds = 1;
// Past every body limit the platform has (documents: 50 MB), so every endpoint refuses it unread.
const declaredBytes = 64 * 1024 * 1024;

/** A request as bytes: the request line, the headers given and the body as it is. */
function request(line: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${line}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The answer is the API's error envelope with `code`, carrying every security header and HSTS. */
function expectRefusal(response: RawResponse | undefined, status: number, code: string): void {
  expect(response?.status).toBe(status);
  const where = `${status} ${response?.body}`;
  expect(JSON.parse(response?.body ?? '{}'), where).toMatchObject({ error: { error_code: code } });
  expect(securityHeaderProblems(response?.headers ?? {}, { apiData: true }), where).toEqual([]);
  expect(response?.headers['strict-transport-security'], where).toMatch(/max-age=\d+/);
  expect(response?.body, where).not.toMatch(stackTracePattern);
}

describe('requests only a raw socket can send', () => {
  let testApp: TestApp;
  let port: number;
  let adviser: Caller;
  let operations: Operation[];

  beforeAll(async () => {
    testApp = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        // The security fixture's callers come through this machine's `*.localhost` hosts.
        LOCAL_HOSTS: 'on',
        REQUEST_TIMEOUT_SECONDS: String(requestTimeoutSeconds),
        // Production wants the bank tokens' key given, not a key file written into DATA_DIR.
        HOLDER_TOKEN_KEY: randomBytes(32).toString('hex'),
      },
    });
    adviser = (await createSecurityFixture(testApp.app))['adviser of the client'];
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    // As in the fuzz suite: with background jobs stopped, only a request can change a row.
    await jobQueueOf(testApp.app).stop();
    operations = (await listOperations(testApp.app)).filter(
      (op) => !['GET', 'DELETE'].includes(op.method) && !op.path.startsWith('/data-holder/control'),
    );
  });
  afterAll(() => testApp.close());

  /** The server still answers a plain request on a new connection. */
  async function expectStillServing(): Promise<void> {
    const { responses } = await sendRaw(port, request('GET /healthz HTTP/1.1', { host: 'localhost' }), {
      responses: 1,
    });
    expect(responses[0]?.status).toBe(200);
  }

  const unreadable: [name: string, bytes: string, status: number, code: string][] = [
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400, 'F0020'],
    [
      'a header name with a space in it',
      request('GET /healthz HTTP/1.1', { host: 'localhost', 'bad name': 'x' }),
      400,
      'F0020',
    ],
    ['a NUL byte in the path', request('GET /api/\0 HTTP/1.1', { host: 'localhost' }), 400, 'F0020'],
    [
      'Content-Length beside Transfer-Encoding (request smuggling)',
      request(
        'POST /api/v2/goals HTTP/1.1',
        { host: 'localhost', 'content-length': '4', 'transfer-encoding': 'chunked' },
        '0\r\n\r\n',
      ),
      400,
      'F0020',
    ],
    [
      'two Content-Lengths that disagree',
      'POST /api/v2/goals HTTP/1.1\r\nhost: localhost\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}',
      400,
      'F0020',
    ],
    [
      'a chunk size that is not hexadecimal',
      request(
        'POST /api/v2/goals HTTP/1.1',
        { host: 'localhost', 'transfer-encoding': 'chunked', 'content-type': 'application/json' },
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
      400,
      'F0020',
    ],
    [
      'headers over 16 KB',
      request('GET /healthz HTTP/1.1', { host: 'localhost', 'x-a': 'a'.repeat(20_000) }),
      431,
      'F0026',
    ],
    [
      'a URL over 16 KB',
      request(`GET /api/v2/accounts?q=${'a'.repeat(20_000)} HTTP/1.1`, { host: 'localhost' }),
      431,
      'F0026',
    ],
    ['headers that stop arriving', 'GET /healthz HTTP/1.1\r\nhost: local', 408, 'F0025'],
  ];

  it.each(unreadable)(
    '%s: the envelope with every header, then the connection closes',
    async (_name, bytes, status, code) => {
      const exchange = await sendRaw(port, bytes);
      expect(exchange.responses).toHaveLength(1);
      expectRefusal(exchange.responses[0], status, code);
      expect(exchange.responses[0]?.headers.connection).toBe('close');
      expect(exchange.closed).toBe(true);
      await expectStillServing();
    },
  );

  it('a path that is not valid percent-encoding: the envelope with every header, and the connection serves on', async () => {
    const bad = request('GET /api/v2/accounts/%zz HTTP/1.1', { ...adviser.headers });
    const next = request('GET /healthz HTTP/1.1', { host: 'localhost' });
    const { responses } = await sendRaw(port, bad + next, { responses: 2 });
    expectRefusal(responses[0], 400, 'F0020');
    expect(responses[1]?.status).toBe(200);
  });

  it('a body that stops arriving: 408 once the request timeout passes, and nothing written', async () => {
    const before = await databaseFingerprint(testApp.app);
    const body = JSON.stringify({ name: 'Half a goal' });
    const { responses, closed, elapsedMs } = await sendRaw(
      port,
      request(
        'POST /api/v2/goals HTTP/1.1',
        {
          ...adviser.headers,
          'content-type': 'application/json',
          'content-length': String(body.length + 10),
        },
        body,
      ),
    );
    expectRefusal(responses[0], 408, 'F0025');
    expect(closed).toBe(true);
    // Node checks open connections every quarter of the timeout: cut off within about 1.25 s, not 300 s.
    expect(elapsedMs).toBeGreaterThanOrEqual(requestTimeoutSeconds * 1000 * 0.9);
    expect(elapsedMs).toBeLessThan(requestTimeoutSeconds * 1000 * 4);
    expect(changedTables(before, await databaseFingerprint(testApp.app))).toEqual([]);
  });

  it('an image declared past 8 MB is refused at once, not after 8 MB of it arrive', async () => {
    const head = request('POST /api/adviser/images/upload HTTP/1.1', {
      ...adviser.headers,
      'content-type': 'multipart/form-data; boundary=b',
      'content-length': String(9 * 1024 * 1024),
    });
    const part =
      '--b\r\ncontent-disposition: form-data; name="file"; filename="x.png"\r\ncontent-type: image/png\r\n\r\n';
    const { responses, closed } = await sendRaw(port, head + part, { waitMs: 3_000 });
    expectRefusal(responses[0], 413, 'F0023');
    expect(responses[0]?.headers.connection).toBe('close');
    expect(closed).toBe(true);
  });

  it('an image upload keeps no more than four short fields: a body of many, sent chunked, is refused at the fifth', async () => {
    // Chunked: no Content-Length for the size check to read. Each field 64 KB (cut to 1 KB), and
    // the body never ends: a parser that kept on reading fields would answer only the 408.
    const field = (index: number) =>
      `--b\r\ncontent-disposition: form-data; name="field${index}"\r\n\r\n${'x'.repeat(64 * 1024)}\r\n`;
    const body = Array.from({ length: 6 }, (_, index) => field(index)).join('');
    const head = request('POST /api/adviser/images/upload HTTP/1.1', {
      ...adviser.headers,
      'content-type': 'multipart/form-data; boundary=b',
      'transfer-encoding': 'chunked',
    });
    const { responses } = await sendRaw(port, `${head}${body.length.toString(16)}\r\n${body}\r\n`, {
      responses: 1,
    });
    expectRefusal(responses[0], 413, 'F0023');
    expect(responses[0]?.body).toContain('with at most 4 other fields');
  });

  it('a caller without credentials is refused before its body is read, where a body may run to megabytes', async () => {
    const before = await databaseFingerprint(testApp.app);
    const anonymous = { host: adviser.headers.host ?? 'localhost' };
    const uploads: [path: string, contentType: string][] = [
      ['/api/v2/documents/verify', 'application/pdf'],
      ['/api/v2/imports', 'application/json'],
      ['/api/v2/imports/csv/preview', 'application/json'],
      ['/api/adviser/images/upload', 'multipart/form-data; boundary=b'],
    ];
    for (const [path, contentType] of uploads) {
      // Under every one of these routes' limits; a first kilobyte, then nothing.
      const head = request(`POST ${path} HTTP/1.1`, {
        ...anonymous,
        'content-type': contentType,
        'content-length': String(5 * 1024 * 1024),
      });
      // A body read before the answer would be the 408, a second later.
      const { responses } = await sendRaw(port, head + 'x'.repeat(1024), { responses: 1 });
      expectRefusal(responses[0], 401, 'F0200');
      expect(responses[0]?.headers.connection, path).toBe('close');
    }
    expect(changedTables(before, await databaseFingerprint(testApp.app))).toEqual([]);
  });

  it('a body declared past every limit is refused before it is read, on every endpoint that takes one', async () => {
    const before = await databaseFingerprint(testApp.app);
    const answered = new Map<string, number>();
    for (const operation of operations) {
      const url = fillPath(operation.path, pathValues(operation.path, adviser.ids));
      const head = request(`${operation.method} ${url} HTTP/1.1`, {
        ...adviser.headers,
        'content-type': operation.body?.contentType ?? 'application/json',
        'content-length': String(declaredBytes),
      });
      // A first kilobyte of the body, then nothing: an answer that waited for the rest would be the 408.
      const { responses } = await sendRaw(port, head + '{'.repeat(1024), { responses: 1 });
      const response = responses[0];
      const where = `${operation.key} → ${response?.status} ${response?.body.slice(0, 200)}`;
      expect(response?.status, where).toBeGreaterThanOrEqual(400);
      expect(response?.status, where).toBeLessThan(500);
      expect(response?.status, where).not.toBe(408);
      expect(response?.body, where).not.toMatch(stackTracePattern);
      answered.set(operation.key, response?.status ?? 0);
      // Not read to be dropped: the connection ends with the answer.
      if (response?.status === 413) expect(response.headers.connection, where).toBe('close');
    }
    // Every endpoint's answer is 413, but the identity's paths that no provider route has.
    const notTooLarge = [...answered].filter(
      ([key, status]) => status !== 413 && !key.includes('/oauth2/{*}'),
    );
    expect(notTooLarge).toEqual([]);
    expect(answered.size).toBeGreaterThan(40);
    expect(changedTables(before, await databaseFingerprint(testApp.app))).toEqual([]);
  });
});
