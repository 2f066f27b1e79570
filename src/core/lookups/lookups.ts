/**
 * The one owner of look-ups, loaded on first use (from dist/lazy.js in the package): the cache
 * (kept as a host record), one throttle per shared rate, the source for the current key and
 * settings, and the batcher that every feature shares. The editor reaches it through
 * `LookupService`, which loads it; features call its `batcher` directly. It pulls in the HTTP
 * client and, through the host, undici and the image decoders, which activation must not pay for.
 */
import type { DisposableLike } from '../disposable';
import { Disposable, toDisposable } from '../disposable';
import type { Emitter } from '../events';
import type { LookupHost } from '../host/host';
import type { AuthorPage, RequestRecord } from '../model/answers';
import type { Book } from '../model/book';
import { ServiceError, isServiceError } from '../model/errors';
import type { BatcherState } from '../model/lookup';
import type { PlanName } from '../model/plans';
import type { KeyInfo } from '../model/quota';
import { ThrottleRegistry } from '../rate/throttle';
import { BookCache } from '../cache/cache';
import { loadCache, saveCacheMerged } from '../cache/cacheRecord';
import type { BookSource } from '../sources/bookSource';
import { BookServiceClient } from '../sources/isbndb/client';
import { Batcher } from './batcher';
import { RatedSource } from './ratedSource';

const SAVE_DELAY_MS = 2000;
const BOOKS_SETTLE_MS = 200;

type LookupSetting = 'plan' | 'baseUrls' | 'batchSize' | 'requestTimeoutSeconds';

/** The settings look-ups read (the editor's `Config`). */
export interface LookupSettings {
  readonly plan: PlanName;
  baseUrl(plan: PlanName): URL | undefined;
  readonly batchSize: number;
  readonly requestTimeoutMs: number;
  onDidChange(listener: (event: unknown) => void): DisposableLike;
  changed(event: unknown, ...keys: LookupSetting[]): boolean;
}

/** Where the key is kept (the editor's SecretStorage). */
export interface KeySource {
  get(): Promise<string | undefined>;
  onDidChange(listener: () => void): DisposableLike;
}

export interface LookupLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  request(record: RequestRecord): void;
}

/** The facade's emitters, fired here, once, where each thing happens. */
export interface LookupEmitters {
  /** The key, the plan or the queue changed. */
  changed: Emitter<void>;
  /** A run of new answers is in the cache (fired once, after it settles). */
  books: Emitter<void>;
  state: Emitter<BatcherState>;
  /** A request was answered or failed (the quota counts it). */
  request: Emitter<RequestRecord>;
  /** Another key, plan or address: what was read of the key no longer holds. */
  key: Emitter<void>;
}

export class Lookups extends Disposable {
  private readonly cache = new BookCache({ maxEntries: 5000 });
  readonly batcher: Batcher;
  private readonly throttles = new ThrottleRegistry();
  private source: RatedSource | undefined;
  /** Why there is no source although a key is set (a setting that is not a URL). */
  problem: string | undefined;
  private booksTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private connecting: Promise<void> = Promise.resolve();
  /** Resolves once the cache is read (or found missing or unreadable). */
  readonly cacheLoaded: Promise<void>;
  /** Resolves once the stored key is read and the source made (or found impossible). */
  readonly firstConnect: Promise<void>;
  /** The key (as a fingerprint) and settings the current source was made for. */
  private signature: string | undefined;

  constructor(
    private readonly settings: LookupSettings,
    private readonly keys: KeySource,
    private readonly log: LookupLog,
    readonly host: LookupHost,
    private readonly emitters: LookupEmitters,
  ) {
    super();
    this.batcher = new Batcher(undefined, { cache: this.cache, batchSize: settings.batchSize, states: emitters.state, changes: emitters.changed });
    this.register(this.throttles);
    this.register(host.covers);
    this.register(this.batcher);
    this.register(
      toDisposable(() => {
        clearTimeout(this.saveTimer);
        clearTimeout(this.booksTimer);
      }),
    );
    this.register(
      settings.onDidChange((event) => {
        if (settings.changed(event, 'batchSize', 'plan')) this.batcher.setBatchSize(settings.batchSize);
        if (settings.changed(event, 'plan', 'baseUrls', 'requestTimeoutSeconds')) void this.reconnect();
      }),
    );
    this.register(keys.onDidChange(() => void this.reconnect()));
    this.register(
      this.cache.onDidChange(() => {
        this.scheduleSave();
        clearTimeout(this.booksTimer);
        this.booksTimer = setTimeout(() => emitters.books.fire(), BOOKS_SETTLE_MS);
      }),
    );
    this.cacheLoaded = this.loadCache();
    this.firstConnect = this.reconnect();
  }

  get connected(): boolean {
    return this.source !== undefined;
  }

  /** The answer in the cache, if any, without touching its order. */
  known(isbn13: string): { status: 'found'; book: Book } | { status: 'notFound' } | undefined {
    const entry = this.cache.peek(isbn13);
    if (!entry) return undefined;
    return entry.status === 'found' ? { status: 'found', book: entry.book } : { status: 'notFound' };
  }

  /**
   * Tells whether the key works: `info` is what `GET /key` said (undefined where the service
   * has none: then one cheap look-up tells). A refused key stops the queue; a key of another
   * plan is for the user to switch to, so the queue stays as it is; a key that works resumes it.
   */
  async checkKey(signal: AbortSignal | undefined, info: KeyInfo | undefined, ofAnotherPlan: boolean): Promise<void> {
    const source = this.requireSource();
    try {
      if (!info) await source.checkKey(signal);
    } catch (e) {
      this.stopIfRefused(e);
      throw e;
    }
    if (!ofAnotherPlan) this.batcher.resume();
  }

  /** A key the service refused, one of another plan, or a service the browser refuses stops the queue: nothing it sends could succeed. */
  stopIfRefused(e: unknown): void {
    if (isServiceError(e, 'auth') || isServiceError(e, 'wrongPlan') || isServiceError(e, 'blocked')) this.batcher.stopFor(e);
  }

  /** What the source says of the key: undefined where it says nothing. */
  keyDetails(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    return this.requireSource().keyDetails(signal);
  }

  /** One page of an author's books; the books found go into the cache for later hovers. */
  async authorPage(name: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AuthorPage> {
    const answer = await this.requireSource().authorPage(name, page, pageSize, signal);
    for (const book of answer.books) this.cache.setFound(book.isbn13, book);
    return answer;
  }

  ready(): Promise<void> {
    return this.connecting;
  }

  reconnect(): Promise<void> {
    this.connecting = this.connecting.then(() => this.connect());
    return this.connecting;
  }

  async flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    try {
      const merged = await saveCacheMerged(this.host.records, this.cache);
      if (merged > 0) this.log.info(`Took in ${merged} look-ups saved by other windows.`);
    } catch (e) {
      this.log.warn(`Could not save the look-up cache: ${(e as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.flush(), this.throttles.close()]);
  }

  private requireSource(): RatedSource {
    if (!this.source) throw new ServiceError('auth', 'No API key is set.');
    return this.source;
  }

  private async connect(): Promise<void> {
    const key = await this.keys.get();
    const plan = this.settings.plan;
    const baseUrl = this.settings.baseUrl(plan);
    const keyId = key ? await this.host.keyFingerprint(key) : undefined;
    // "Set API Key" reconnects, and so does the key's own change event a moment later: a second
    // source for the same key would resend a batch the first one saw refused and forget why it
    // stopped. Unchanged key and settings keep the source and what its queue learned.
    const signature = JSON.stringify([keyId ?? null, plan, baseUrl?.href ?? null, this.settings.requestTimeoutMs]);
    if (signature === this.signature) return;
    this.signature = signature;
    this.problem = undefined;
    this.emitters.key.fire();
    if (key && !baseUrl) {
      this.problem = `The “isbnLens.baseUrls” setting has no valid http(s) address for the ${plan} plan.`;
      this.log.error(this.problem);
    }
    const source =
      key && keyId && baseUrl
        ? new BookServiceClient({
            baseUrl,
            plan,
            apiKey: key,
            keyId,
            timeoutMs: this.settings.requestTimeoutMs,
            onRequest: (record) => {
              this.log.request(record);
              this.emitters.request.fire(record);
            },
          })
        : undefined;
    this.source = source && this.rated(source);
    this.batcher.setSource(this.source);
    this.log.info(source ? `Using the ${plan} plan at ${baseUrl!.origin} (${source.rate.perSecond} requests/s).` : 'No API key is set; look-ups wait for one.');
    this.emitters.changed.fire();
  }

  /** The source with the throttle of its rate, shared with every window that counts with it. */
  private rated(source: BookSource): RatedSource {
    const { perSecond, shareName, windowMs } = source.rate;
    const throttle = this.throttles.get(shareName, perSecond, () => ({
      windowMs,
      ledger: this.host.sharedRate(shareName),
      onLedgerError: (e) => this.log.warn(`Could not share the request rate with other windows (${(e as Error).message}); keeping to this window's own count.`),
    }));
    return new RatedSource(source, throttle, this.host.http);
  }

  private async loadCache(): Promise<void> {
    try {
      const loaded = await loadCache(this.host.records, this.cache);
      if (loaded > 0) this.log.info(`Loaded ${loaded} cached look-ups.`);
    } catch (e) {
      this.log.warn(`Could not read the look-up cache: ${(e as Error).message}`);
    }
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }
}
