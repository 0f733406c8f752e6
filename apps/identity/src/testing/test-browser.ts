import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface StoredCookie {
  value: string;
  path: string;
}

const identityPaths = /^\/(oauth2|app|account)\//;

export interface BrowserRequest {
  method?: InjectOptions['method'];
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * A browser over `app.inject`: one origin, a cookie jar that honours Path and removal, and
 * redirects followed by hand (`follow`) so that tests can look at every hop.
 */
export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly app: FastifyInstance,
    readonly origin = 'http://localhost:8080',
    /** The address every request comes from, as the server sees it. */
    readonly remoteAddress = '127.0.0.1',
    /** Headers on every request, as a proxy in front adds them (`X-Forwarded-Proto`). */
    readonly proxyHeaders: Record<string, string> = {},
  ) {}

  async request(
    url: string,
    { method = 'GET', form, headers = {} }: BrowserRequest = {},
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, this.origin);
    const cookie = [...this.cookies]
      .filter(([, stored]) => target.pathname.startsWith(stored.path))
      .map(([name, stored]) => `${name}=${stored.value}`)
      .join('; ');
    const response = await this.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        ...this.proxyHeaders,
        ...(cookie && { cookie }),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
        ...headers,
      },
      ...(form && { payload: new URLSearchParams(form).toString() }),
      remoteAddress: this.remoteAddress,
    });
    for (const set of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        set.maxAge === 0 ||
        (set.expires !== undefined && set.expires.getTime() <= Date.now()) ||
        set.value === '';
      if (expired) this.cookies.delete(set.name);
      else this.cookies.set(set.name, { value: set.value, path: set.path ?? '/' });
    }
    return response;
  }

  /** Follows redirects within the identity service until a page answers or a redirect leaves it (to the portal). */
  async follow(
    url: string,
    init?: BrowserRequest,
  ): Promise<{ response: LightMyRequestResponse; url: string }> {
    let current = new URL(url, this.origin).toString();
    let response = await this.request(current, init);
    for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 10; hops += 1) {
      const next = new URL(String(response.headers.location), current);
      if (next.origin !== this.origin || !identityPaths.test(next.pathname))
        return { response, url: next.toString() };
      current = next.toString();
      response = await this.request(current);
    }
    return { response, url: current };
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }
}
