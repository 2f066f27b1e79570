/**
 * The one facade the editor sees for look-ups: look up, peek, prefetch, the queue's
 * state, retry now, check the key, author pages, covers. What does the work (cache, cache
 * file, throttles, client, batcher, covers) is `LookupRuntime`, loaded on first use with a
 * dynamic import so that activation does not load the HTTP client: `start()` begins loading
 * it, reading the cache file and connecting, and nobody needs to wait for that. Until it is
 * here, the facade answers as while a look-up is on its way: reads find nothing yet, and
 * look-ups wait for it.
 */
import { Disposable } from '../../core/disposable';
import { Emitter } from '../../core/events';
import { describeError } from '../../core/messages';
import type { BatcherState, LookupOptions, LookupResult } from '../../core/model/lookup';
import type { Book } from '../../core/model/book';
import type { AuthorPage, RequestRecord } from '../../core/model/answers';
import { planOfHost } from '../../core/sources/isbndb/keyInfo';
import type { KeyInfo } from '../../core/model/quota';
import { KeyQuota } from '../../core/lookups/keyQuota';
import type { ServiceError } from '../../core/model/errors';
import type { ApiKeyStore } from './apiKeyStore';
import type { Config } from './config';
import type { Log } from './log';
import type { LookupRuntime } from './lookupRuntime';

/** Covers for hovers, inlined as data URIs. */
export interface Covers {
  /** The data URI if the cover is already here. */
  peek(url: string): string | undefined;
  /** The cover as a data URI, or undefined if it is not an image, too large, or out of reach. */
  get(url: string): Promise<string | undefined>;
}

export class LookupService extends Disposable {
  private runtime: LookupRuntime | undefined;
  private loading: Promise<LookupRuntime> | undefined;
  private readonly changes = this.register(new Emitter<void>());
  /** Fires when the key, the plan or the queue changed (cached answers: `onDidChangeBooks`). */
  readonly onDidChange = this.changes.event;
  private readonly books = this.register(new Emitter<void>());
  /**
   * Fires once after a run of new answers in the cache (a batch stores a hundred in a row):
   * what is drawn from the cache, diagnostics and inline titles, is redrawn once for them.
   */
  readonly onDidChangeBooks = this.books.event;
  private readonly states = this.register(new Emitter<BatcherState>());
  readonly onDidChangeState = this.states.event;
  private readonly requests = this.register(new Emitter<RequestRecord>());
  /** The key's plan host and today's quota, from `GET /key` where the service has it. */
  readonly keyQuota = this.register(
    new KeyQuota(async (signal) => {
      const runtime = await this.loaded();
      await runtime.ready();
      return runtime.getKeyInfo(signal);
    }, this.requests.event),
  );
  readonly covers: Covers = {
    peek: (url) => this.runtime?.covers.peek(url),
    // Covers come from public addresses only, or from the plan's own host (the sandbox on 127.0.0.1).
    get: async (url) => (await this.loaded()).covers.get(url, this.config.baseUrl()?.hostname),
  };

  constructor(
    private readonly config: Config,
    private readonly keys: ApiKeyStore,
    private readonly log: Log,
    /** The extension's global storage folder, shared by every window. */
    private readonly storageDir: string,
  ) {
    super();
    this.register(this.keyQuota.onDidChange(() => this.changes.fire()));
  }

  /** Loads the runtime, the cache from disk, and connects with the stored key. */
  async start(): Promise<void> {
    const runtime = await this.loaded();
    await Promise.all([runtime.cacheLoaded, runtime.firstConnect]);
  }

  get plan() {
    return this.config.plan;
  }

  /** Whether look-ups can be sent (a key is set and the settings are usable). */
  get connected(): boolean {
    return this.runtime?.connected ?? false;
  }

  get problem(): string | undefined {
    return this.runtime?.problem;
  }

  /** Idle until the runtime knows better: whether a key is set is not known before it reads it. */
  get state(): BatcherState {
    return this.runtime?.state ?? { kind: 'idle' };
  }

  /** Looks ISBN-13s up, answering from the cache where it can. Rejects only when cancelled. */
  async lookup(isbns: readonly string[], options?: LookupOptions): Promise<Map<string, LookupResult>> {
    return (await this.answering(isbns)).lookup(isbns, options);
  }

  async lookupOne(isbn: string, options?: LookupOptions): Promise<LookupResult> {
    return (await this.answering([isbn])).lookupOne(isbn, options);
  }

  /** Queues ISBNs without waiting for them (prefetch for later hovers). */
  prefetch(isbns: readonly string[], urgent = false): void {
    if (this.runtime) this.runtime.prefetch(isbns, urgent);
    else void this.answering(isbns).then((runtime) => runtime.prefetch(isbns, urgent), () => undefined);
  }

  /** The cached or pending answer, without queueing anything. */
  peek(isbn: string): LookupResult | 'pending' | undefined {
    return this.runtime?.peek(isbn);
  }

  /** The answer in the cache, if any: for painting many at once (it does not touch the LRU order). */
  known(isbn13: string): { status: 'found'; book: Book } | { status: 'notFound' } | undefined {
    return this.runtime?.known(isbn13);
  }

  /** The user asks to try again now. */
  resume(): void {
    this.runtime?.resume();
  }

  /**
   * Tells whether the key works on this plan; throws the typed error if not. Reads
   * `GET /key` where the service has it (its plan host and quota, at no cost of quota),
   * else sends one cheap look-up. A refused key, or one of another plan, stops the queue;
   * a key that works lets it go on.
   */
  async checkKey(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    const runtime = await this.loaded();
    await runtime.ready();
    return runtime.checkKey(signal, () => this.keyQuota.refresh(signal), (info) => this.keyPlan(info) !== undefined);
  }

  /** The configured plan whose address the service named as the key's, when it is not the current plan. */
  keyPlan(info: KeyInfo | undefined = { apiHost: this.keyQuota.apiHost }) {
    const plan = info?.apiHost ? planOfHost(info.apiHost, this.config.baseUrls()) : undefined;
    return plan !== undefined && plan !== this.config.plan ? plan : undefined;
  }

  /** One page of an author's books; the books found go into the cache for later hovers. */
  async authorPage(name: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AuthorPage> {
    const runtime = await this.loaded();
    await runtime.ready();
    return runtime.authorPage(name, page, pageSize, signal);
  }

  /** Resolves once the latest key and settings are in use. */
  async ready(): Promise<void> {
    await (await this.loaded()).ready();
  }

  async reconnect(): Promise<void> {
    await (await this.loaded()).reconnect();
  }

  /** The user's words for a failure, with the plan and host filled in. */
  describe(error: ServiceError): string {
    return describeError(error, { plan: this.config.plan, host: this.config.baseUrl()?.host });
  }

  /** Saves the cache now, keeping what other windows saved meanwhile. */
  async flush(): Promise<void> {
    await (await this.settled())?.flush();
  }

  /**
   * The window is closing: saves the cache, and ends the slots this window holds in the
   * shared rate file, so that other windows need not wait for answers that will never come.
   */
  async close(): Promise<void> {
    await (await this.settled())?.close();
  }

  /** The runtime, loading it on first call. */
  private loaded(): Promise<LookupRuntime> {
    this.loading ??= import('./lookupRuntime').then(({ LookupRuntime }) => {
      const events = {
        changed: () => this.changes.fire(),
        booksChanged: () => this.books.fire(),
        state: (state: BatcherState) => this.states.fire(state),
        request: (record: RequestRecord) => this.requests.fire(record),
        keyChanged: () => this.keyQuota.reset(),
      };
      const runtime = new LookupRuntime(this.config, this.keys, this.log, this.storageDir, events);
      this.register(runtime);
      this.runtime = runtime;
      return runtime;
    });
    return this.loading;
  }

  /** The runtime once the cache file is read: a look-up never asks the network for what is on disk. */
  private async withCache(): Promise<LookupRuntime> {
    const runtime = await this.loaded();
    await runtime.cacheLoaded;
    return runtime;
  }

  /**
   * The runtime, once it can answer `isbns`: from the cache file, or else with the stored key
   * read (without a client yet, the batcher would fail them as if no key were set).
   */
  private async answering(isbns: readonly string[]): Promise<LookupRuntime> {
    const runtime = await this.withCache();
    if (!isbns.every((isbn) => runtime.known(isbn))) await runtime.firstConnect;
    return runtime;
  }

  /** The runtime if it was ever asked for, after its cache is read; nothing to save otherwise. */
  private async settled(): Promise<LookupRuntime | undefined> {
    if (!this.loading) return undefined;
    return this.withCache().catch(() => undefined);
  }
}
