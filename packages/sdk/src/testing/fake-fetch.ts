export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestInit['credentials'];
  body: unknown;
}

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** The only request made; fails the test when there were none or several. */
  lastRequest(): RecordedRequest;
}

/** A fetch that records each request and answers it with `respond`, or with 200 `{}` by default. */
export function createFakeFetch(
  respond: (request: RecordedRequest) => Response | Promise<Response> = () => jsonResponse({}),
): FakeFetch {
  const requests: RecordedRequest[] = [];
  const fake: typeof fetch = async (input, init) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    return respond(request);
  };
  return {
    fetch: fake,
    requests,
    lastRequest() {
      const last = requests.at(-1);
      if (!last) throw new Error('No request was made');
      return last;
    },
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
