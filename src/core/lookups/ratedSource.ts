/**
 * A source paired with the throttle of its rate: the one place a source's requests wait for
 * their turn. Each call gets a transport that takes a slot before each request it sends and
 * gives it back when the answer's headers arrive; the batcher's chunk goes on the slot it was
 * formed on. The source itself never sees a slot.
 */
import type { HttpTransport } from '../host/http';
import type { AuthorPage, BatchAnswer } from '../model/answers';
import type { KeyInfo } from '../model/quota';
import type { ReleaseSlot, Throttle } from '../rate/throttle';
import type { BookSource, SourceCall } from '../sources/bookSource';

export class RatedSource {
  constructor(
    readonly source: BookSource,
    readonly throttle: Throttle,
    private readonly http: HttpTransport,
  ) {}

  get name(): string {
    return this.source.name;
  }

  /** `slot`: one already taken from this source's throttle, for the first request. */
  books(isbns: readonly string[], signal?: AbortSignal, slot?: ReleaseSlot): Promise<BatchAnswer> {
    return this.call(signal, slot, (call) => this.source.books(isbns, call));
  }

  authorPage(name: string, page = 1, pageSize = 20, signal?: AbortSignal): Promise<AuthorPage> {
    const source = this.source;
    if (!source.authorPage) return Promise.reject(new Error(`${source.name} has no author pages.`));
    return this.call(signal, undefined, (call) => source.authorPage!(name, page, pageSize, call));
  }

  /** What the source says of the key; undefined where it says nothing. */
  keyDetails(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    const source = this.source;
    return source.keyDetails ? this.call(signal, undefined, (call) => source.keyDetails!(call)) : Promise.resolve(undefined);
  }

  /** Throws the typed error when the key does not work here; a source without keys has nothing to check. */
  checkKey(signal?: AbortSignal): Promise<void> {
    const source = this.source;
    return source.checkKey ? this.call(signal, undefined, (call) => source.checkKey!(call)) : Promise.resolve();
  }

  private async call<T>(signal: AbortSignal | undefined, slot: ReleaseSlot | undefined, run: (call: SourceCall) => Promise<T>): Promise<T> {
    let held = slot;
    const http: HttpTransport = {
      request: async (request) => {
        const release = held ?? (await this.throttle.acquire(signal));
        held = undefined;
        try {
          return await this.http.request(request);
        } finally {
          release();
        }
      },
    };
    try {
      return await run({ http, signal });
    } finally {
      // No request went on the slot the call was given (nothing to ask): it gives the window back.
      held?.({ unused: true });
    }
  }
}
