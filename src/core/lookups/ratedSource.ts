/**
 * A source paired with the throttle of its rate and its health: the one place a source's
 * requests wait for their turn and the one place that sees whether the source answers. Each call
 * gets a transport that takes a slot before each request it sends and gives it back when the
 * answer's headers arrive; the batcher's chunk goes on the slot it was formed on. The source
 * itself never sees a slot. A call to a source that is resting after an outage is refused
 * before anything is sent (see `SourceHealth`).
 */
import type { HttpTransport } from '../host/http';
import type { AuthorPage, BatchAnswer } from '../model/answers';
import { isServiceError } from '../model/errors';
import type { KeyInfo } from '../model/quota';
import type { ReleaseSlot, Throttle } from '../rate/throttle';
import type { BookSource, SourceCall } from '../sources/bookSource';
import { meansOutage, SourceHealth } from './sourceHealth';

export interface RatedSourceOptions {
  /** A 5xx rests the source as an outage does (the keyless services); the book service retries its own. */
  serverErrorsMeanOutage?: boolean;
  /** The source's health; by default its own (tests give one on fake time). */
  health?: SourceHealth;
  /** How long a request may go unanswered before the source counts as down for the others (`STALL_MS` by default). */
  stallMs?: number;
}

export class RatedSource {
  readonly health: SourceHealth;
  private readonly serverErrorsMeanOutage: boolean;

  constructor(
    readonly source: BookSource,
    readonly throttle: Throttle,
    private readonly http: HttpTransport,
    options: RatedSourceOptions = {},
  ) {
    this.health = options.health ?? new SourceHealth(source.name, undefined, options.stallMs);
    this.serverErrorsMeanOutage = options.serverErrorsMeanOutage ?? false;
  }

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

  /** Any other request of the source (a search, a work's editions) on its rate and health, as `books` goes. */
  ask<T>(signal: AbortSignal | undefined, run: (call: SourceCall) => Promise<T>): Promise<T> {
    return this.call(signal, undefined, run);
  }

  private async call<T>(signal: AbortSignal | undefined, slot: ReleaseSlot | undefined, run: (call: SourceCall) => Promise<T>): Promise<T> {
    const admission = this.health.admission();
    if (admission.kind === 'refused') {
      slot?.({ unused: true });
      throw admission.error;
    }
    const watch = this.health.watch();
    let held = slot;
    let sent = false;
    const http: HttpTransport = {
      request: async (request) => {
        const release = held ?? (await this.throttle.acquire(signal));
        held = undefined;
        sent = true;
        watch.sent();
        try {
          const response = await this.http.request(request);
          watch.responded();
          return response;
        } finally {
          release();
        }
      },
    };
    try {
      const result = await run({ http, signal });
      if (sent) watch.answered();
      else watch.abandoned();
      return result;
    } catch (e) {
      if (!sent || isServiceError(e, 'cancelled') || signal?.aborted) watch.abandoned();
      else if (isServiceError(e) && meansOutage(e, this.serverErrorsMeanOutage)) watch.failed(e);
      else watch.answered();
      throw e;
    } finally {
      // No request went on the slot the call was given (nothing to ask): it gives the window back.
      held?.({ unused: true });
    }
  }
}
