/**
 * What `LookupService` stands in front of, loaded on first use (from dist/lazy.js in the
 * package): the cache (kept on disk), one throttle per key and plan, the client for the
 * current key and settings, cover fetching, and the batcher that every feature shares. It
 * pulls in the HTTP client (undici) and the image decoders, which activation must not pay for.
 */
import { join } from 'node:path';
import { Disposable, toDisposable } from '../../core/disposable';
import { Batcher } from '../../core/lookups/batcher';
import { type BatcherState, type LookupOptions, type LookupResult } from '../../core/model/lookup';
import type { Book } from '../../core/model/book';
import { BookCache } from '../../core/cache/cache';
import { loadCache, saveCacheMerged } from '../../core/cache/cacheRecord';
import { FileRecords } from '../../core/host/node/fileRecords';
import { BookServiceClient } from '../../core/sources/isbndb/client';
import { RatedSource } from '../../core/lookups/ratedSource';
import { UndiciTransport } from '../../core/host/node/undiciTransport';
import { type AuthorPage, type RequestRecord } from '../../core/model/answers';
import type { KeyInfo } from '../../core/model/quota';
import { CoverImages } from '../../core/host/node/coverImages';
import { ServiceError, isServiceError } from '../../core/model/errors';
import { keyFingerprint } from '../../core/host/node/keyFingerprint';
import { PLAN_RATES } from '../../core/model/plans';
import type { BookSource } from '../../core/sources/bookSource';
import { SharedLedger } from '../../core/host/node/sharedLedger';
import { ThrottleRegistry } from '../../core/rate/throttle';
import type { ApiKeyStore } from './apiKeyStore';
import type { Config } from './config';
import type { Log } from './log';

const SAVE_DELAY_MS = 2000;
const BOOKS_SETTLE_MS = 200;

export interface RuntimeEvents {
  /** The key, the plan or the queue changed. */
  changed(): void;
  /** A run of new answers is in the cache (fired once, after it settles). */
  booksChanged(): void;
  state(state: BatcherState): void;
  /** A request was answered or failed (the quota counts it). */
  request(record: RequestRecord): void;
  /** Another key, plan or address: what was read of the key no longer holds. */
  keyChanged(): void;
}

export class LookupRuntime extends Disposable {
  private readonly cache = new BookCache({ maxEntries: 5000 });
  private readonly batcher: Batcher;
  readonly covers = new CoverImages();
  private readonly throttles = new ThrottleRegistry();
  private client: RatedSource | undefined;
  /** How this host reaches the network. */
  private readonly http = new UndiciTransport();
  /** Why there is no client although a key is set (a setting that is not a URL). */
  problem: string | undefined;
  private booksTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private connecting: Promise<void> = Promise.resolve();
  /** Resolves once the cache file is read (or found missing or unreadable). */
  readonly cacheLoaded: Promise<void>;
  /** Resolves once the stored key is read and the client made (or found impossible). */
  readonly firstConnect: Promise<void>;
  /** Where the cache is kept between sessions, shared with the other windows. */
  private readonly records: FileRecords;
  /** The key (as a fingerprint) and settings the current client was made for. */
  private signature: string | undefined;

  constructor(
    private readonly config: Config,
    private readonly keys: ApiKeyStore,
    private readonly log: Log,
    /** The extension's global storage folder, shared by every window. */
    private readonly storageDir: string,
    private readonly events: RuntimeEvents,
  ) {
    super();
    this.records = new FileRecords(storageDir);
    this.batcher = new Batcher(undefined, { cache: this.cache, batchSize: config.batchSize });
    this.register(this.throttles);
    this.register(this.covers);
    this.register(this.batcher);
    this.register(
      toDisposable(() => {
        clearTimeout(this.saveTimer);
        clearTimeout(this.booksTimer);
      }),
    );
    this.register(
      config.onDidChange((event) => {
        if (config.changed(event, 'batchSize', 'plan')) this.batcher.setBatchSize(config.batchSize);
        if (config.changed(event, 'plan', 'baseUrls', 'requestTimeoutSeconds')) void this.reconnect();
      }),
    );
    this.register(keys.onDidChange(() => void this.reconnect()));
    this.register(this.batcher.onDidChangeState((state) => (events.changed(), events.state(state))));
    this.register(
      this.cache.onDidChange(() => {
        this.scheduleSave();
        clearTimeout(this.booksTimer);
        this.booksTimer = setTimeout(() => events.booksChanged(), BOOKS_SETTLE_MS);
      }),
    );
    this.cacheLoaded = this.loadCache();
    this.firstConnect = this.reconnect();
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  get state(): BatcherState {
    return this.batcher.state;
  }

  lookup(isbns: readonly string[], options?: LookupOptions): Promise<Map<string, LookupResult>> {
    return this.batcher.lookup(isbns, options);
  }

  lookupOne(isbn: string, options?: LookupOptions): Promise<LookupResult> {
    return this.batcher.lookupOne(isbn, options);
  }

  prefetch(isbns: readonly string[], urgent: boolean): void {
    this.batcher.prefetch(isbns, urgent);
  }

  peek(isbn: string): LookupResult | 'pending' | undefined {
    return this.batcher.peek(isbn);
  }

  known(isbn13: string): { status: 'found'; book: Book } | { status: 'notFound' } | undefined {
    const entry = this.cache.peek(isbn13);
    if (!entry) return undefined;
    return entry.status === 'found' ? { status: 'found', book: entry.book } : { status: 'notFound' };
  }

  resume(): void {
    this.batcher.resume();
  }

  /**
   * `readKeyInfo` reads `GET /key` (undefined where the service has none: then one cheap
   * look-up tells). A key of another plan is for the user to switch to; the queue stays.
   */
  async checkKey(signal: AbortSignal | undefined, readKeyInfo: () => Promise<KeyInfo | undefined>, ofAnotherPlan: (info: KeyInfo | undefined) => boolean): Promise<KeyInfo | undefined> {
    const client = this.requireClient();
    let info: KeyInfo | undefined;
    try {
      info = await readKeyInfo();
      if (!info) await client.checkKey(signal);
    } catch (e) {
      if (isServiceError(e, 'auth') || isServiceError(e, 'wrongPlan')) this.batcher.stopFor(e);
      throw e;
    }
    if (!ofAnotherPlan(info)) this.batcher.resume();
    return info;
  }

  /** `GET /key` with the current key: undefined where the service has none. */
  getKeyInfo(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    return this.requireClient().keyDetails(signal);
  }


  async authorPage(name: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AuthorPage> {
    const answer = await this.requireClient().authorPage(name, page, pageSize, signal);
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
      const merged = await saveCacheMerged(this.records, this.cache);
      if (merged > 0) this.log.info(`Took in ${merged} look-ups saved by other windows.`);
    } catch (e) {
      this.log.warn(`Could not save the look-up cache: ${(e as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.flush(), this.throttles.close()]);
  }

  private requireClient(): RatedSource {
    if (!this.client) throw new ServiceError('auth', 'No API key is set.');
    return this.client;
  }

  private async connect(): Promise<void> {
    const key = await this.keys.get();
    const plan = this.config.plan;
    const baseUrl = this.config.baseUrl(plan);
    // "Set API Key" reconnects, and so does the key's own change event a moment later: a second
    // client for the same key would resend a batch the first one saw refused and forget why it
    // stopped. Unchanged key and settings keep the client and what its queue learned.
    const signature = JSON.stringify([key ? keyFingerprint(key) : null, plan, baseUrl?.href ?? null, this.config.requestTimeoutMs]);
    if (signature === this.signature) return;
    this.signature = signature;
    this.problem = undefined;
    this.events.keyChanged();
    if (key && !baseUrl) {
      this.problem = `The “isbnLens.baseUrls” setting has no valid http(s) address for the ${plan} plan.`;
      this.log.error(this.problem);
    }
    this.client = key && baseUrl ? this.rated(new BookServiceClient({
      baseUrl,
      plan,
      apiKey: key,
      keyId: keyFingerprint(key),
      timeoutMs: this.config.requestTimeoutMs,
      onRequest: (record) => {
        this.log.request(record);
        this.events.request(record);
      },
    })) : undefined;
    this.batcher.setClient(this.client);
    this.log.info(this.client ? `Using the ${plan} plan at ${baseUrl!.origin} (${PLAN_RATES[plan]} requests/s).` : 'No API key is set; look-ups wait for one.');
    this.events.changed();
  }

  /** The source with the throttle of its shared rate: every window that counts with it shares the rate file. */
  private rated(source: BookSource): RatedSource {
    const { perSecond, shareName } = source.rate;
    const throttle = this.throttles.get(shareName, perSecond, () => ({
      ledger: new SharedLedger(join(this.storageDir, 'rate', `${shareName}.json`)),
      onLedgerError: (e) => this.log.warn(`Could not share the request rate with other windows (${(e as Error).message}); keeping to this window's own count.`),
    }));
    return new RatedSource(source, throttle, this.http);
  }

  private async loadCache(): Promise<void> {
    try {
      const loaded = await loadCache(this.records, this.cache);
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
