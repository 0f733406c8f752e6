import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  responses: RawResponse[];
  /** Whether the server closed the connection before the wait ended. */
  closed: boolean;
  /** Milliseconds from the first byte sent to the last response read (or the close). */
  elapsedMs: number;
}

/**
 * Sends bytes as they are over a new connection to `port` (no client library in between to fix
 * them up) and reads what comes back: until the server closes the connection, `responses` answers
 * have arrived, or `waitMs` has passed. For requests `inject` cannot make: broken syntax, lying
 * lengths, requests that stop arriving half way.
 */
export function sendRaw(
  port: number,
  bytes: string | Buffer,
  {
    responses: wanted = Number.POSITIVE_INFINITY,
    waitMs = 5_000,
  }: { responses?: number; waitMs?: number } = {},
): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve({ responses: parseResponses(received), closed, elapsedMs: performance.now() - started });
      } catch (error) {
        reject(error);
      }
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (completeResponses(received) >= wanted) finish(false);
    });
    socket.on('close', () => finish(true));
    // A reset after the answer (the server closing on unread bytes) still leaves the answer to read.
    socket.on('error', () => finish(true));
    socket.write(bytes);
  });
}

function completeResponses(bytes: Buffer): number {
  try {
    return parseResponses(bytes).length;
  } catch {
    return 0;
  }
}

/** The complete responses at the start of `bytes`, each with a Content-Length body (all ours have one). */
function parseResponses(bytes: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', offset);
    if (headEnd === -1) break;
    const [statusLine = '', ...lines] = bytes.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1]);
    if (!status) throw new Error(`not an HTTP response: ${statusLine.slice(0, 80)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? Number.NaN);
    if (!Number.isInteger(length)) throw new Error(`a response without Content-Length: ${statusLine}`);
    const bodyStart = headEnd + 4;
    if (bytes.length < bodyStart + length) break;
    responses.push({ status, headers, body: bytes.subarray(bodyStart, bodyStart + length).toString('utf8') });
    offset = bodyStart + length;
  }
  return responses;
}
