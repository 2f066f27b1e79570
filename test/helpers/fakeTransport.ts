/** An HttpTransport that answers from a function and keeps every request, for unit tests of sources. */
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/core/host/http';

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export class FakeTransport implements HttpTransport {
  readonly requests: HttpRequest[] = [];

  constructor(private readonly answer: (request: HttpRequest) => FakeReply | Promise<FakeReply>) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    const reply = await this.answer(request);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
    return {
      status: reply.status ?? 200,
      headers: Object.fromEntries(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      read: async () => new TextEncoder().encode(text),
    };
  }
}
