/**
 * "Fetch a URL" in VS Code for the Web (see `host/http.ts`), on the web worker's `fetch`. What a
 * browser adds, and what this transport makes of it:
 * - A cross-origin answer without `Access-Control-Allow-Origin` (and an error answer of a service
 *   that sends that header only with success) never reaches us: `fetch` rejects with a bare
 *   `TypeError`, no status. It becomes a `BrowserFetchError` (code `FETCH_FAILED`): each source
 *   says what it means for it (the keyless services: slow down; the book service: it does not
 *   take requests from the browser).
 * - A redirect is never followed (`redirect: 'manual'`): the browser then hides where it
 *   pointed, and the answer stands for a redirect (status 302) that the source refuses.
 * - No cookies go (`credentials: 'omit'`). `User-Agent` is never sent: Chromium drops it silently,
 *   and a browser that kept it would first send a preflight, which a keyless service may refuse.
 * - The address is the URL parser's: a path segment that it would read as `.` or `..` would
 *   reach another path than the one asked, so such a request is refused here.
 */
import { type HttpRequest, type HttpResponse, HttpTimeoutError, type HttpTransport } from '../http';

/**
 * The browser gave no answer: refused by its cross-origin rules, or the host is out of reach (it
 * does not tell which). `answeredBefore`: the origin did answer this tab earlier, so it allows
 * browsers, and this is most likely an error answer sent without the permission (a limit: 429 or 403).
 */
export class BrowserFetchError extends Error {
  readonly code = 'FETCH_FAILED';
  constructor(
    readonly origin: string,
    readonly answeredBefore: boolean,
  ) {
    super(`The browser could not fetch from ${origin}: the service sent no cross-origin permission, or it is out of reach.`);
    this.name = 'BrowserFetchError';
  }
}

/** The status that stands for any redirect: the browser does not say which one it was. */
export const HIDDEN_REDIRECT_STATUS = 302;

const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i;

export class FetchTransport implements HttpTransport {
  /** Origins that gave this tab a readable answer. */
  private readonly answered = new Set<string>();

  constructor(private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init)) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    if (DOT_SEGMENT.test(request.path.split('?')[0]!)) throw new Error('The address has a "." or ".." segment, which the browser would resolve to another path.');
    const sentAt = performance.now();
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const timedOut = (e: unknown) => (timeout.aborted && !request.signal?.aborted ? new HttpTimeoutError(request.timeoutMs) : e);
    let response: Response;
    try {
      response = await this.fetchFn(request.origin + request.path, {
        method: request.method,
        headers: withoutUserAgent(request.headers),
        body: request.body,
        signal,
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (e) {
      if (signal.aborted) throw timedOut(e);
      // The browser knows it has no network: that is an outage, not a refusal (see SourceHealth).
      if ((globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false) throw Object.assign(new Error('The browser is offline.'), { code: 'OFFLINE' });
      throw new BrowserFetchError(request.origin, this.answered.has(request.origin));
    }
    this.answered.add(request.origin);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    return {
      status: response.type === 'opaqueredirect' ? HIDDEN_REDIRECT_STATUS : response.status,
      sentAt,
      headers,
      read: () => readCapped(response, request.maxBodyBytes).catch((e: unknown) => Promise.reject(timedOut(e))),
    };
  }
}

function withoutUserAgent(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'user-agent'));
}

/** The whole body, or undefined (the rest not read) once it passes `maxBytes`. */
export async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
