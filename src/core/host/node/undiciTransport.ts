/**
 * "Fetch a URL" for the Node host (see `host/http.ts`), on undici: one keep-alive agent shared
 * by every request, redirects never followed (undici's default), the body read up to its cap.
 */
import { Agent, type Dispatcher } from 'undici';
import { type HttpRequest, type HttpResponse, HttpTimeoutError, type HttpTransport } from '../http';
import { readBodyCapped } from './readBody';

/** A host that does not take a connection in this long is out of reach (offline, filtered). */
export const CONNECT_TIMEOUT_MS = 5_000;

let sharedAgent: Agent | undefined;
function defaultDispatcher(): Agent {
  sharedAgent ??= new Agent({ keepAliveTimeout: 10_000, connect: { timeout: CONNECT_TIMEOUT_MS } });
  return sharedAgent;
}

export class UndiciTransport implements HttpTransport {
  /** `dispatcher`: for tests, or a host that needs its own agent. */
  constructor(private readonly dispatcher?: Dispatcher) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    const sentAt = performance.now();
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    // A timeout is told apart from the caller's cancel; anything else goes on as it came.
    const timedOut = (e: unknown) => (timeout.aborted && !request.signal?.aborted ? new HttpTimeoutError(request.timeoutMs) : e);
    try {
      // The dispatcher takes the path as written (see HttpRequest.path).
      const response = await (this.dispatcher ?? defaultDispatcher()).request({
        origin: request.origin,
        path: request.path,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
      });
      return {
        status: response.statusCode,
        sentAt,
        headers: response.headers,
        read: () => readBodyCapped(response.body, request.maxBodyBytes).catch((e: unknown) => Promise.reject(timedOut(e))),
      };
    } catch (e) {
      throw timedOut(e);
    }
  }
}
