import { vi } from 'vitest';

type Listener = (() => void) | null;

/**
 * A stand-in for XMLHttpRequest that records what was sent and lets the test drive the transfer:
 * progress events, the answer, a lost connection. abort() reports as the browser's does.
 */
export class FakeXhr {
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  responseText = '';
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent = true;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The browser reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }

  respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    this.onload?.();
  }

  /** The connection broke: no answer. */
  fail(): void {
    this.onerror?.();
  }

  /** The multipart fields in the order they were appended, the file by its name. */
  fields(): [string, string][] {
    if (!(this.body instanceof FormData)) return [];
    return [...this.body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);
  }
}

/** Replaces XMLHttpRequest; every request made afterwards is listed in `requests`. */
export function stubXhr() {
  const requests: FakeXhr[] = [];
  class RecordedXhr extends FakeXhr {
    constructor() {
      super();
      requests.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordedXhr);
  return {
    requests,
    /** The latest request; fails the test when none was made. */
    last(): FakeXhr {
      const request = requests.at(-1);
      if (!request) throw new Error('no XMLHttpRequest was made');
      return request;
    },
  };
}
