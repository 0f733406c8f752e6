import { randomUUID } from 'node:crypto';
import { retryAfterWaitMs } from '@waratah/contracts';
import { CdsRequestError } from './cds-request-error.ts';
import { cdsErrorListSchema } from './cds-schemas.ts';

export interface CdsHttpClientOptions {
  /** A holder's CDS base, e.g. `https://bank.example/cds-au/v1`. */
  baseUrl: string;
  /** The consent's access token; public endpoints go without it. */
  accessToken?: string;
  /** When the customer last authenticated with us: sent as x-fapi-auth-date on authenticated calls. */
  authDate?: Date;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CdsGetOptions {
  /** The endpoint version wanted (x-v) and the lowest one accepted (x-min-v). */
  version: number;
  minVersion?: number;
  query?: Record<string, string | number | boolean | undefined>;
  authenticated?: boolean;
}

export interface CdsResponse {
  body: unknown;
  /** The version the holder served (its x-v). */
  version: number;
  interactionId: string;
}

export interface CdsHttpClient {
  readonly baseUrl: string;
  /** A path under the base, or an absolute link the holder gave (links.next), which must stay under it. */
  get(pathOrLink: string, options: CdsGetOptions): Promise<CdsResponse>;
}

export function createCdsHttpClient(options: CdsHttpClientOptions): CdsHttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  const resolveUrl = (pathOrLink: string, interactionId: string): URL => {
    const url = new URL(/^https?:/.test(pathOrLink) ? pathOrLink : `${baseUrl}${pathOrLink}`);
    // A link pointing elsewhere would send the consent's token to another server.
    if (!url.toString().startsWith(`${baseUrl}/`)) {
      throw new CdsRequestError({
        kind: 'invalid_response',
        message: `link outside the holder: ${pathOrLink}`,
        interactionId,
      });
    }
    return url;
  };

  return {
    baseUrl,
    async get(pathOrLink, { version, minVersion, query = {}, authenticated = true }) {
      const interactionId = randomUUID();
      const url = resolveUrl(pathOrLink, interactionId);
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(name, String(value));
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-v': String(version),
        'x-fapi-interaction-id': interactionId,
      };
      if (minVersion !== undefined) headers['x-min-v'] = String(minVersion);
      if (authenticated && options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
      if (authenticated && options.authDate) headers['x-fapi-auth-date'] = options.authDate.toUTCString();

      let response: Response;
      try {
        // A redirect is not followed: it could lead the consent's token, or the platform itself,
        // anywhere (an internal address); the holder's answer is where it was asked.
        response = await send(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new CdsRequestError({
          kind: timedOut ? 'timeout' : 'network',
          message: timedOut
            ? `no answer from ${url.host} within ${timeoutMs} ms`
            : `could not reach ${url.host}`,
          interactionId,
          cause: error,
        });
      }
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        throw new CdsRequestError({
          kind: 'invalid_response',
          message: `${url.pathname} answered a redirect (${response.status}), which is not followed`,
          interactionId,
        });
      }
      const body = await readJsonBody(response, interactionId, url);
      if (!response.ok) {
        const parsed = cdsErrorListSchema.safeParse(body);
        throw new CdsRequestError({
          kind: 'http',
          status: response.status,
          message: `${url.pathname} answered ${response.status}`,
          errors: parsed.success ? parsed.data.errors : [],
          interactionId,
          ...(response.status === 429 || response.status === 503
            ? { retryAfterMs: retryAfterWaitMs(response.headers.get('retry-after'), Date.now()) }
            : {}),
        });
      }
      const served = Number(response.headers.get('x-v'));
      if (!Number.isInteger(served) || served > version || served < (minVersion ?? version)) {
        throw new CdsRequestError({
          kind: 'invalid_response',
          message: `${url.pathname} served version '${response.headers.get('x-v')}'`,
          interactionId,
        });
      }
      return { body, version: served, interactionId };
    },
  };
}

/** The most a holder's answer may hold: a page of 1,000 transactions is about half a megabyte. */
export const maxCdsBodyBytes = 10 * 1024 * 1024;

/**
 * The answer's JSON (undefined when it is not JSON), read up to `maxCdsBodyBytes`: a holder that
 * sends more is refused before it can fill the process's memory. A body cut short (the timeout, a
 * dropped connection) fails as the request would have: `timeout` or `network`, retried later.
 */
export async function readJsonBody(response: Response, interactionId: string, url: URL): Promise<unknown> {
  const tooLarge = () =>
    new CdsRequestError({
      kind: 'invalid_response',
      message: `${url.pathname} answered more than ${maxCdsBodyBytes} bytes`,
      interactionId,
    });
  if (Number(response.headers.get('content-length')) > maxCdsBodyBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // Leaving the loop early (too large) cancels the stream.
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxCdsBodyBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof CdsRequestError) throw error;
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new CdsRequestError({
      kind: timedOut ? 'timeout' : 'network',
      message: `${url.host} stopped sending its answer`,
      interactionId,
      cause: error,
    });
  }
  try {
    // TextDecoder drops a byte-order mark, as response.json() does.
    return JSON.parse(new TextDecoder().decode(Buffer.concat(chunks)));
  } catch {
    return undefined;
  }
}
