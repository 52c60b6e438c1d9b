import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  /** Path and query, e.g. '/api/team/remove?teamName=Nord&username=mara'. */
  path: string;
  body: unknown;
  authorization: string | undefined;
  /** Every request header, e.g. 'if-match'. */
  headers: Record<string, string>;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json' } });
}

export const noContent = () => new Response(null, { status: 204 });

/**
 * Replaces fetch with handlers keyed 'METHOD /api/path' (without query). Unknown routes answer 404,
 * so a test notices calls it did not expect. Every call is recorded.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.authorization,
      headers,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${url.pathname}`];
    return handler ? handler(call) : json(404, { message: 'Nicht gefunden.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls of one method to one path (query ignored). */
    callsTo: (method: string, pathname: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === pathname),
  };
}
