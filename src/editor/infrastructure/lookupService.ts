/**
 * The one facade the editor sees for look-ups: look up, peek, prefetch, the queue's
 * state, retry now, check the key, author pages. Behind it, and private to it: the cache
 * (kept on disk), one throttle per key and plan, the client for the current key and
 * settings, and the batcher that every feature shares. Rebuilds the client only when the
 * key, the plan, the plan's address or the timeout change.
 */
import { join } from 'node:path';
import { Disposable, toDisposable } from '../../core/disposable';
import { Emitter } from '../../core/events';
import { describeError } from '../../core/messages';
import { Batcher, type BatcherState, type LookupOptions, type LookupResult } from '../../core/service/lookups/batcher';
import type { Book } from '../../core/service/book';
import { BookCache } from '../../core/service/store/cache';
import { readCacheFile, saveCacheMerged } from '../../core/service/store/cacheFile';
import { type AuthorPage, BookServiceClient, type RequestRecord } from '../../core/service/http/client';
import { type KeyInfo, planOfHost } from '../../core/service/http/keyInfo';
import { KeyQuota } from '../../core/service/lookups/keyQuota';
import { CoverImages } from '../../core/service/store/coverImages';
import { ServiceError, isServiceError } from '../../core/service/errors';
import { keyFingerprint } from '../../core/service/http/keyFingerprint';
import { PLAN_RATES } from '../../core/service/plans';
import { SharedLedger } from '../../core/service/rate/sharedLedger';
import { ThrottleRegistry } from '../../core/service/rate/throttle';
import type { ApiKeyStore } from './apiKeyStore';
import type { Config } from './config';
import type { Log } from './log';

const SAVE_DELAY_MS = 2000;
const BOOKS_SETTLE_MS = 200;

export class LookupService extends Disposable {
  private readonly cache = new BookCache({ maxEntries: 5000 });
  private readonly batcher: Batcher;
  /** Covers for hovers, inlined as data URIs. */
  readonly covers = new CoverImages();
  private readonly throttles = new ThrottleRegistry();
  private client: BookServiceClient | undefined;
  /** Why there is no client although a key is set (a setting that is not a URL). */
  private setupProblem: string | undefined;
  private readonly changes = this.register(new Emitter<void>());
  /** Fires when the key, the plan or the queue changed (cached answers: `onDidChangeBooks`). */
  readonly onDidChange = this.changes.event;
  private readonly books = this.register(new Emitter<void>());
  private booksTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Fires once after a run of new answers in the cache (a batch stores a hundred in a row):
   * what is drawn from the cache, diagnostics and inline titles, is redrawn once for them.
   */
  readonly onDidChangeBooks = this.books.event;
  private readonly requests = this.register(new Emitter<RequestRecord>());
  /** The key's plan host and today's quota, from `GET /key` where the service has it. */
  readonly keyQuota = this.register(new KeyQuota((signal) => this.requireClient().getKeyInfo(signal), this.requests.event));
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private connecting: Promise<void> = Promise.resolve();
  private readonly cacheFile: string;
  /** The key (as a fingerprint) and settings the current client was made for. */
  private signature: string | undefined;

  constructor(
    private readonly config: Config,
    private readonly keys: ApiKeyStore,
    private readonly log: Log,
    /** The extension's global storage folder, shared by every window. */
    private readonly storageDir: string,
  ) {
    super();
    this.cacheFile = join(storageDir, 'book-cache.json');
    this.batcher = new Batcher(undefined, { cache: this.cache, batchSize: config.batchSize });
    this.register(this.throttles);
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
    this.register(this.keyQuota.onDidChange(() => this.changes.fire()));
    this.register(this.batcher.onDidChangeState(() => this.changes.fire()));
    this.register(
      this.cache.onDidChange(() => {
        this.scheduleSave();
        clearTimeout(this.booksTimer);
        this.booksTimer = setTimeout(() => this.books.fire(), BOOKS_SETTLE_MS);
      }),
    );
  }

  /** Loads the cache from disk and connects with the stored key. */
  async start(): Promise<void> {
    await Promise.all([this.loadCache(), this.reconnect()]);
  }

  get plan() {
    return this.config.plan;
  }

  /** Whether look-ups can be sent (a key is set and the settings are usable). */
  get connected(): boolean {
    return this.client !== undefined;
  }

  get problem(): string | undefined {
    return this.setupProblem;
  }

  get state(): BatcherState {
    return this.batcher.state;
  }

  readonly onDidChangeState = (listener: (state: BatcherState) => void) => this.batcher.onDidChangeState(listener);

  /** Looks ISBN-13s up, answering from the cache where it can. Rejects only when cancelled. */
  lookup(isbns: readonly string[], options?: LookupOptions): Promise<Map<string, LookupResult>> {
    return this.batcher.lookup(isbns, options);
  }

  lookupOne(isbn: string, options?: LookupOptions): Promise<LookupResult> {
    return this.batcher.lookupOne(isbn, options);
  }

  /** Queues ISBNs without waiting for them (prefetch for later hovers). */
  prefetch(isbns: readonly string[], urgent = false): void {
    this.batcher.prefetch(isbns, urgent);
  }

  /** The cached or pending answer, without queueing anything. */
  peek(isbn: string): LookupResult | 'pending' | undefined {
    return this.batcher.peek(isbn);
  }

  /** The answer in the cache, if any: for painting many at once (it does not touch the LRU order). */
  known(isbn13: string): { status: 'found'; book: Book } | { status: 'notFound' } | undefined {
    const entry = this.cache.peek(isbn13);
    if (!entry) return undefined;
    return entry.status === 'found' ? { status: 'found', book: entry.book } : { status: 'notFound' };
  }

  /** The user asks to try again now. */
  resume(): void {
    this.batcher.resume();
  }

  /**
   * Tells whether the key works on this plan; throws the typed error if not. Reads
   * `GET /key` where the service has it (its plan host and quota, at no cost of quota),
   * else sends one cheap look-up. A refused key, or one of another plan, stops the queue;
   * a key that works lets it go on.
   */
  async checkKey(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    const client = this.requireClient();
    let info: KeyInfo | undefined;
    try {
      info = await this.keyQuota.refresh(signal);
      if (!info) await client.checkKey(signal);
    } catch (e) {
      if (isServiceError(e, 'auth') || isServiceError(e, 'wrongPlan')) this.batcher.stopFor(e);
      throw e;
    }
    // A key of another plan is for the user to switch to; the queue goes on where it is.
    if (!this.keyPlan(info)) this.batcher.resume();
    return info;
  }

  /** The configured plan whose address the service named as the key's, when it is not the current plan. */
  keyPlan(info: KeyInfo | undefined = { apiHost: this.keyQuota.apiHost }) {
    const plan = info?.apiHost ? planOfHost(info.apiHost, this.config.baseUrls()) : undefined;
    return plan !== undefined && plan !== this.config.plan ? plan : undefined;
  }

  /** One page of an author's books; the books found go into the cache for later hovers. */
  async authorPage(name: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AuthorPage> {
    const answer = await this.requireClient().getAuthor(name, page, pageSize, signal);
    for (const book of answer.books) this.cache.setFound(book.isbn13, book);
    return answer;
  }

  /** Resolves once the latest key and settings are in use. */
  ready(): Promise<void> {
    return this.connecting;
  }

  reconnect(): Promise<void> {
    this.connecting = this.connecting.then(() => this.connect());
    return this.connecting;
  }

  /** The user's words for a failure, with the plan and host filled in. */
  describe(error: ServiceError): string {
    return describeError(error, { plan: this.config.plan, host: this.config.baseUrl()?.host, formatTime: formatTime });
  }

  /** Saves the cache now, keeping what other windows saved meanwhile. */
  async flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    try {
      const merged = await saveCacheMerged(this.cacheFile, this.cache);
      if (merged > 0) this.log.info(`Took in ${merged} look-ups saved by other windows.`);
    } catch (e) {
      this.log.warn(`Could not save the look-up cache: ${(e as Error).message}`);
    }
  }

  /**
   * The window is closing: saves the cache, and ends the slots this window holds in the
   * shared rate file, so that other windows need not wait for answers that will never come.
   */
  async close(): Promise<void> {
    await Promise.all([this.flush(), this.throttles.close()]);
  }

  private requireClient(): BookServiceClient {
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
    this.setupProblem = undefined;
    this.keyQuota.reset();
    if (key && !baseUrl) {
      this.setupProblem = `The “isbnLens.baseUrls” setting has no valid http(s) address for the ${plan} plan.`;
      this.log.error(this.setupProblem);
    }
    this.client =
      key && baseUrl
        ? new BookServiceClient({
            baseUrl,
            plan,
            apiKey: key,
            throttle: this.throttles.get(keyFingerprint(key), plan, PLAN_RATES[plan], () => ({
              // Every window using this key on this machine shares the plan's rate.
              ledger: new SharedLedger(join(this.storageDir, 'rate', `${plan}-${keyFingerprint(key)}.json`)),
              onLedgerError: (e) => this.log.warn(`Could not share the request rate with other windows (${(e as Error).message}); keeping to this window's own count.`),
            })),
            timeoutMs: this.config.requestTimeoutMs,
            onRequest: (record) => {
              this.log.request(record);
              this.requests.fire(record);
            },
          })
        : undefined;
    this.batcher.setClient(this.client);
    this.log.info(this.client ? `Using the ${plan} plan at ${baseUrl!.origin} (${PLAN_RATES[plan]} requests/s).` : 'No API key is set; look-ups wait for one.');
    this.changes.fire();
  }

  private async loadCache(): Promise<void> {
    const loaded = this.cache.load(await readCacheFile(this.cacheFile));
    if (loaded > 0) this.log.info(`Loaded ${loaded} cached look-ups.`);
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }
}

export function formatTime(time: number): string {
  return new Date(time).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}
