/**
 * The one owner of look-ups: gathers ISBN look-ups from any number of callers into batch
 * calls of the source, dedupes, answers from the cache, shares in-flight promises, and turns
 * the source's limits into back-off instead of failures (it pauses the source's throttle).
 * When to send is the throttle's to say: the batcher takes a slot first and forms the chunk
 * at that moment, so that an urgent ISBN that came while it waited still goes in it.
 */
import type { BatcherState, LookupOptions, LookupResult } from '../model/lookup';
import type { BookCache } from '../cache/cache';
import type { RatedSource } from './ratedSource';
import { StateChanges } from './stateChanges';
import { type Clock, systemClock } from '../clock';
import { Disposable, toDisposable } from '../disposable';
import { Emitter } from '../events';
import { ServiceError, cancelledError, isServiceError } from '../model/errors';
import type { ReleaseSlot } from '../rate/throttle';

export interface BatcherOptions {
  cache: BookCache;
  /** ISBNs per `POST /books`. */
  batchSize?: number;
  /** How long a lone look-up waits for company before it is sent. */
  gatherMs?: number;
  /** Retries of a chunk after a network or server failure before its ISBNs fail. */
  maxRetries?: number;
  /** Consecutive limit answers after which the quota is taken as spent for now. */
  maxLimitRetries?: number;
  /** Requests in flight at once; enough to keep the plan's rate busy over a slow network. */
  maxConcurrent?: number;
  clock?: Clock;
  /** Fired with each new state (the facade's emitter; by default the batcher's own). */
  states?: Emitter<BatcherState>;
  /** Also fired with each new state: the look-ups as a whole changed. */
  changes?: Emitter<void>;
}

interface Entry {
  isbn: string;
  promise: Promise<LookupResult>;
  resolve(result: LookupResult): void;
  /** Callers still waiting; a look-up with no one waiting is dropped or aborted. */
  waiters: number;
  /** Fire-and-forget look-ups (prefetch) keep an entry alive without a waiter. */
  keepAlive: boolean;
  /** Sends that failed for the network or the server; limits do not count. */
  failures: number;
  /** Set when a 500 split its chunk: the most ISBNs it may be sent with, and it is not split again. */
  splitTo?: number;
  inFlight?: Chunk;
}

interface Chunk {
  entries: Entry[];
  controller: AbortController;
}

const MAX_BACKOFF_MS = 60_000;
const LONG_WAIT_MS = 5 * 60_000;

export class Batcher extends Disposable {
  /** The source to ask, with its throttle; undefined while no key is set. */
  private source: RatedSource | undefined;
  private readonly cache: BookCache;
  /** The configured size, halved while the service refuses chunks for their size. */
  private effectiveBatchSize: number;
  private readonly gatherMs: number;
  private readonly maxRetries: number;
  private readonly maxLimitRetries: number;
  private readonly maxConcurrent: number;
  private readonly clock: Clock;

  private readonly entries = new Map<string, Entry>();
  private readonly urgentQueue: Entry[] = [];
  private readonly queue: Entry[] = [];
  private readonly inFlight = new Set<Chunk>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private consecutiveLimits = 0;
  /** Why nothing is sent; a spent quota's end time is the throttle's `quota` pause. */
  private stopped: { error: ServiceError } | undefined;
  /** The slot being waited for; aborted when there is nothing left to send on it. */
  private slotRequest: AbortController | undefined;
  private throttleSubscription: { dispose(): void } | undefined;
  private healthSubscription: { dispose(): void } | undefined;
  private readonly stateChanges: StateChanges<BatcherState>;
  readonly onDidChangeState: Emitter<BatcherState>['event'];

  constructor(source: RatedSource | undefined, options: BatcherOptions) {
    super();
    this.cache = options.cache;
    this.effectiveBatchSize = clampBatch(options.batchSize ?? 100);
    this.gatherMs = options.gatherMs ?? 30;
    this.maxRetries = options.maxRetries ?? 2;
    this.maxLimitRetries = options.maxLimitRetries ?? 6;
    this.maxConcurrent = options.maxConcurrent ?? 4;
    this.clock = options.clock ?? systemClock;
    const states = options.states ?? this.register(new Emitter<BatcherState>());
    this.stateChanges = new StateChanges(states, options.changes);
    this.onDidChangeState = states.event;
    this.register(
      toDisposable(() => {
        clearTimeout(this.timer);
        this.slotRequest?.abort();
        this.throttleSubscription?.dispose();
        this.healthSubscription?.dispose();
        for (const chunk of this.inFlight) chunk.controller.abort();
        this.failAll(cancelledError());
      }),
    );
    this.useSource(source);
  }

  /** A new key or plan: whatever stopped the queue may no longer hold. */
  setSource(source: RatedSource | undefined): void {
    this.useSource(source);
    this.stopped = undefined;
    this.consecutiveLimits = 0;
    // A new key may have its own quota.
    source?.throttle.resume('quota');
    if (!source) this.failAll(new ServiceError('auth', { why: 'noKey' }));
    this.schedule(0);
    this.emit();
  }

  setBatchSize(size: number): void {
    this.effectiveBatchSize = clampBatch(size);
  }

  /** Stops sending: a check outside the queue learned the key is refused or on the wrong plan. */
  stopFor(error: ServiceError): void {
    this.stopped = { error };
    this.failAll(error);
    this.emit();
  }

  /** The user asks to try again now. */
  resume(): void {
    this.stopped = undefined;
    this.consecutiveLimits = 0;
    this.source?.throttle.resume();
    this.source?.health.reset();
    this.schedule(0);
    this.emit();
  }

  get state(): BatcherState {
    if (!this.source) return { kind: 'noKey' };
    this.expireStop();
    const pause = this.source.throttle.paused;
    if (this.stopped) {
      const until = this.stopped.error.kind === 'quota' && pause?.reason === 'quota' ? pause.until : undefined;
      return until === undefined ? { kind: 'stopped', error: this.stopped.error } : { kind: 'stopped', error: this.stopped.error, until };
    }
    const waiting = this.urgentQueue.length + this.queue.length;
    if (pause?.reason === 'limit') return { kind: 'limited', until: pause.until, waiting };
    const inFlight = [...this.inFlight].reduce((n, chunk) => n + chunk.entries.length, 0);
    return waiting + inFlight === 0 ? { kind: 'idle' } : { kind: 'working', waiting, inFlight };
  }

  /** Looks ISBN-13s up, answering from the cache where it can. Rejects only when cancelled. */
  async lookup(isbns: readonly string[], options: LookupOptions = {}): Promise<Map<string, LookupResult>> {
    const { signal, onProgress, onResult } = options;
    if (signal?.aborted) throw cancelledError();
    const unique = [...new Set(isbns)];
    const results = new Map<string, LookupResult>();
    const pending: Entry[] = [];
    for (const isbn of unique) {
      const cached = this.fromCache(isbn);
      if (cached) {
        results.set(isbn, cached);
        onResult?.(isbn, cached);
      } else pending.push(this.join(isbn, options.urgent ?? false, false, options.foremost));
    }
    const total = unique.length;
    onProgress?.(results.size, total);
    if (pending.length === 0) return results;

    for (const entry of pending) entry.waiters++;
    let settled = 0;
    const leave = () => {
      for (const entry of pending) {
        if (!results.has(entry.isbn)) this.leave(entry);
      }
    };
    try {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(cancelledError());
        signal?.addEventListener('abort', onAbort, { once: true });
        for (const entry of pending) {
          void entry.promise.then((result) => {
            if (signal?.aborted) return;
            entry.waiters--;
            results.set(entry.isbn, result);
            onResult?.(entry.isbn, result);
            onProgress?.(results.size, total);
            if (++settled === pending.length) {
              signal?.removeEventListener('abort', onAbort);
              resolve();
            }
          });
        }
      });
    } catch (e) {
      leave();
      throw e;
    }
    return results;
  }

  async lookupOne(isbn: string, options: LookupOptions = {}): Promise<LookupResult> {
    return (await this.lookup([isbn], options)).get(isbn)!;
  }

  /** Queues ISBNs without waiting for them (prefetch for later hovers). */
  prefetch(isbns: readonly string[], urgent = false): void {
    for (const isbn of new Set(isbns)) {
      if (!this.cache.peek(isbn)) this.join(isbn, urgent, true);
    }
  }

  /** The cached or pending answer, without queueing anything. */
  peek(isbn: string): LookupResult | 'pending' | undefined {
    const cached = this.cache.peek(isbn);
    if (cached) return cached.status === 'found' ? { status: 'found', book: cached.book } : { status: 'notFound' };
    return this.entries.has(isbn) ? 'pending' : undefined;
  }

  /** Why the source is not asked now (resting after an outage, or hanging on a request), if it is not. */
  get outage(): ServiceError | undefined {
    const admission = this.source?.health.admission();
    return admission?.kind === 'refused' ? admission.error : undefined;
  }

  private useSource(source: RatedSource | undefined): void {
    this.source = source;
    this.slotRequest?.abort();
    this.throttleSubscription?.dispose();
    this.healthSubscription?.dispose();
    // A pause that ends by itself changes the state, and lets the queue go on.
    this.throttleSubscription = source?.throttle.onDidChange(() => {
      this.emit();
      // Not during the gathering delay: a lone look-up still waits for company.
      if (this.timer === undefined) this.schedule(0);
    });
    // The source went out of reach, or hangs on a request: what waits for it is answered "not
    // asked" now and goes on to the next source. A probe that ended lets the queue go on.
    // A request that hangs past the stall time lets its own ISBNs go on too; its answer, if it
    // comes, still goes into the cache for the next look-up.
    this.healthSubscription = source?.health.onDidChange(() => {
      const outage = this.outage;
      if (outage) {
        this.failAll(outage);
        for (const chunk of this.inFlight) for (const entry of chunk.entries) this.settle(entry, { status: 'failed', error: outage });
      }
      this.emit();
      if (this.timer === undefined) this.schedule(0);
    });
  }

  private fromCache(isbn: string): LookupResult | undefined {
    const cached = this.cache.get(isbn);
    if (cached) return cached.status === 'found' ? { status: 'found', book: cached.book } : { status: 'notFound' };
    this.expireStop();
    // While stopped, answer at once rather than queue work that cannot be sent.
    if (!this.source) return { status: 'failed', error: new ServiceError('auth', { why: 'noKey' }) };
    if (this.stopped) return { status: 'failed', error: this.stopped.error };
    const outage = this.outage;
    if (outage) return { status: 'failed', error: outage };
    return undefined;
  }

  /** `foremost`: the one ISBN a person waits for now (a hover's), ahead of the other urgent ones. */
  private join(isbn: string, urgent: boolean, keepAlive: boolean, foremost = false): Entry {
    let entry = this.entries.get(isbn);
    if (!entry) {
      let resolve!: (result: LookupResult) => void;
      const promise = new Promise<LookupResult>((r) => (resolve = r));
      entry = { isbn, promise, resolve, waiters: 0, keepAlive, failures: 0 };
      this.entries.set(isbn, entry);
      if (foremost) this.urgentQueue.unshift(entry);
      else (urgent ? this.urgentQueue : this.queue).push(entry);
      this.schedule(this.gatherMs);
      this.emit();
    } else {
      entry.keepAlive ||= keepAlive;
      if ((urgent || foremost) && !entry.inFlight) this.promote(entry, foremost);
    }
    return entry;
  }

  private promote(entry: Entry, foremost: boolean): void {
    for (const queue of foremost ? [this.queue, this.urgentQueue] : [this.queue]) {
      const index = queue.indexOf(entry);
      if (index < 0) continue;
      queue.splice(index, 1);
      if (foremost) this.urgentQueue.unshift(entry);
      else this.urgentQueue.push(entry);
      return;
    }
  }

  /** A caller gave up on an entry: drop it if no one else wants it. */
  private leave(entry: Entry): void {
    entry.waiters--;
    if (entry.waiters > 0 || entry.keepAlive) return;
    if (entry.inFlight) {
      if (entry.inFlight.entries.every((e) => e.waiters <= 0 && !e.keepAlive)) entry.inFlight.controller.abort();
      return;
    }
    for (const queue of [this.urgentQueue, this.queue]) {
      const index = queue.indexOf(entry);
      if (index >= 0) queue.splice(index, 1);
    }
    if (this.urgentQueue.length + this.queue.length === 0) this.slotRequest?.abort();
    this.settle(entry, { status: 'failed', error: cancelledError() });
    this.emit();
  }

  private schedule(delayMs: number): void {
    if (this.isDisposed) return;
    if (this.timer !== undefined && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, delayMs);
  }

  /**
   * Asks the throttle for a slot while there is work and room for one more request; the
   * chunk is formed when the slot is granted, from the queues as they are then.
   */
  private pump(): void {
    const source = this.source;
    this.emit();
    if (!source || this.isStopped() || this.slotRequest) return;
    if (this.urgentQueue.length + this.queue.length === 0 || this.inFlight.size >= this.maxConcurrent) return;
    const admission = source.health.admission();
    if (admission.kind === 'refused') return this.failAll(admission.error);
    // A probe is on its way (first contact, or after a rest): the rest wait for what it finds.
    if (admission.kind === 'wait') return;
    const request = new AbortController();
    this.slotRequest = request;
    source.throttle.acquire({ signal: request.signal, queued: true }).then(
      (release) => {
        if (this.slotRequest === request) this.slotRequest = undefined;
        const entries = source === this.source && !this.isStopped() ? this.formChunk() : [];
        if (entries.length === 0) release({ unused: true });
        else void this.send(source, { entries, controller: new AbortController() }, release);
        this.schedule(0);
      },
      () => {
        // Cancelled: the queue emptied, the source changed, or the batcher was disposed.
        if (this.slotRequest === request) this.slotRequest = undefined;
        this.schedule(0);
      },
    );
  }

  private formChunk(): Entry[] {
    const entries: Entry[] = [];
    let limit = this.effectiveBatchSize;
    for (const queue of [this.urgentQueue, this.queue]) {
      while (queue.length > 0 && entries.length < limit) {
        // A half of a split chunk goes on its own, at most its half's size.
        const next = queue[0]!;
        const size = Math.min(limit, next.splitTo ?? limit);
        if (entries.length >= size) return entries;
        limit = size;
        entries.push(queue.shift()!);
      }
    }
    return entries;
  }

  private async send(source: RatedSource, chunk: Chunk, slot: ReleaseSlot): Promise<void> {
    this.inFlight.add(chunk);
    for (const entry of chunk.entries) entry.inFlight = chunk;
    try {
      const answer = await source.books(chunk.entries.map((e) => e.isbn), chunk.controller.signal, slot);
      this.consecutiveLimits = 0;
      for (const entry of chunk.entries) {
        const book = answer.found.get(entry.isbn);
        if (book) this.cache.setFound(entry.isbn, book);
        else this.cache.setNotFound(entry.isbn);
        this.settle(entry, book ? { status: 'found', book, source: source.name } : { status: 'notFound' });
      }
    } catch (e) {
      const error = isServiceError(e) ? e : new ServiceError('badResponse', { why: 'unexpected', detail: String(e) });
      if (source === this.source) this.handleFailure(source, chunk, error);
      else this.requeue(chunk);
    } finally {
      this.inFlight.delete(chunk);
      this.schedule(0);
      this.emit();
    }
  }

  private handleFailure(source: RatedSource, chunk: Chunk, error: ServiceError): void {
    // The source went out of reach (this request told, or another's): no retry per chunk, the
    // chunk and the queue go on to the next source at once (see SourceHealth).
    const outage = this.outage;
    if (outage && (error.kind === 'network' || error.kind === 'server' || error.kind === 'unreachable')) {
      this.fail(chunk, outage);
      this.failAll(outage);
      return;
    }
    switch (error.kind) {
      case 'cancelled':
        for (const entry of chunk.entries) this.settle(entry, { status: 'failed', error });
        return;
      case 'tooLarge':
        // The service's batch limit is not published: halve and go on.
        this.effectiveBatchSize = Math.max(1, Math.floor(chunk.entries.length / 2));
        this.requeue(chunk);
        return;
      case 'quota':
        return this.handleLimit(source, chunk, error);
      case 'auth':
      case 'wrongPlan':
      case 'blocked':
        this.stopped = { error };
        this.fail(chunk, error);
        this.failAll(error);
        return;
      case 'network':
      case 'server': {
        if (error.details.status === 500 && chunk.entries.length > 1 && chunk.entries.every((e) => e.splitTo === undefined)) {
          // The real service answers 500 for a body over a few MB: try once as two halves first.
          const half = Math.ceil(chunk.entries.length / 2);
          for (const entry of chunk.entries) entry.splitTo = half;
          this.requeue(chunk);
          return;
        }
        const failures = Math.max(...chunk.entries.map((e) => e.failures));
        if (failures < this.maxRetries) {
          const wait = error.details.retryAt ? error.details.retryAt - this.clock.now() : 1000 * 2 ** failures;
          source.throttle.pauseUntil(this.clock.now() + Math.min(Math.max(wait, 0), MAX_BACKOFF_MS), 'retry');
          for (const entry of chunk.entries) entry.failures++;
          this.requeue(chunk);
          return;
        }
        // The service is out of reach: fail what waits rather than time out chunk by chunk.
        this.fail(chunk, error);
        this.failAll(error);
        return;
      }
      default:
        this.fail(chunk, error);
    }
  }

  private handleLimit(source: RatedSource, chunk: Chunk, error: ServiceError): void {
    const now = this.clock.now();
    this.consecutiveLimits++;
    const backoff = Math.min(1000 * 2 ** (this.consecutiveLimits - 1), MAX_BACKOFF_MS);
    const until = error.details.retryAt ?? now + backoff;
    if (error.details.daily || until - now > LONG_WAIT_MS || this.consecutiveLimits > this.maxLimitRetries) {
      // The quota is spent for a while: stop sending, and say until when.
      const resumeAt = error.details.retryAt && error.details.retryAt - now > LONG_WAIT_MS ? error.details.retryAt : nextUtcMidnight(now);
      const spent = new ServiceError('quota', error.reason, { ...error.details, daily: true, retryAt: resumeAt });
      this.stopped = { error: spent };
      source.throttle.pauseUntil(resumeAt, 'quota');
      this.fail(chunk, spent);
      this.failAll(spent);
      return;
    }
    source.throttle.pauseUntil(until, 'limit');
    this.requeue(chunk);
  }

  private requeue(chunk: Chunk): void {
    const alive = chunk.entries.filter((e) => e.waiters > 0 || e.keepAlive);
    for (const entry of chunk.entries) {
      entry.inFlight = undefined;
      if (!alive.includes(entry)) this.settle(entry, { status: 'failed', error: cancelledError() });
    }
    // Back to the front, in their order: they have waited longest.
    this.urgentQueue.unshift(...alive);
  }

  private fail(chunk: Chunk, error: ServiceError): void {
    for (const entry of chunk.entries) this.settle(entry, { status: 'failed', error });
  }

  private failAll(error: ServiceError): void {
    for (const entry of [...this.urgentQueue.splice(0), ...this.queue.splice(0)]) this.settle(entry, { status: 'failed', error });
  }

  private settle(entry: Entry, result: LookupResult): void {
    entry.inFlight = undefined;
    if (this.entries.get(entry.isbn) === entry) this.entries.delete(entry.isbn);
    entry.resolve(result);
  }

  private isStopped(): boolean {
    this.expireStop();
    return this.stopped !== undefined;
  }

  /** A spent quota stops the queue until the throttle's `quota` pause ends. */
  private expireStop(): void {
    if (this.stopped?.error.kind === 'quota' && this.stopped.error.details.retryAt !== undefined && this.source?.throttle.paused?.reason !== 'quota') {
      this.stopped = undefined;
      this.consecutiveLimits = 0;
    }
  }

  private emit(): void {
    this.stateChanges.publish(this.state);
  }
}

function clampBatch(size: number): number {
  return Math.min(1000, Math.max(1, Math.floor(size) || 100));
}


export function nextUtcMidnight(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
}
