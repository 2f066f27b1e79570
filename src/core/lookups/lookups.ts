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
import type { FindingSources } from '../model/works';
import type { KeyInfo } from '../model/quota';
import { ThrottleRegistry } from '../rate/throttle';
import { BookCache } from '../cache/cache';
import { loadCache, saveCacheMerged } from '../cache/cacheRecord';
import type { BookSource } from '../sources/bookSource';
import { BookServiceClient } from '../sources/isbndb/client';
import { GoogleBooksSource } from '../sources/googleBooks/source';
import { OpenLibrarySource } from '../sources/openLibrary/source';
import { keylessUserAgent } from '../host/userAgent';
import { sourceTitle } from '../sources/sourceNames';
import { Batcher } from './batcher';
import { RatedSource } from './ratedSource';
import { STALL_MS } from './sourceHealth';
import { SourceChain } from './sourceChain';
import { CATALOGUE_SOURCES, DEFAULT_SOURCES, isCatalogue, type CatalogueName, type SourceName, type SourceUrlName } from '../sources/sourceSettings';
import { ROUTES, orderFor, sourcesFor } from '../sources/routing';
import { K10plusSource } from '../sources/k10plus/source';
import { DnbSource } from '../sources/dnb/source';
import { BnfSource } from '../sources/bnf/source';
import { LocSource } from '../sources/loc/source';
import { LobidSource } from '../sources/lobid/source';
import type { CatalogueOptions } from '../sources/catalogue/sruCatalogue';

const SAVE_DELAY_MS = 2000;
const BOOKS_SETTLE_MS = 200;
/** How long after the last source went out of reach "offline" is said (the others may fail a moment later). */
const OFFLINE_SETTLE_MS = 1000;

type LookupSetting = 'plan' | 'baseUrls' | 'batchSize' | 'requestTimeoutSeconds' | 'sources' | 'sourceUrls';

/** The settings look-ups read (the editor's `Config`). */
export interface LookupSettings {
  readonly plan: PlanName;
  baseUrl(plan: PlanName): URL | undefined;
  /** `isbnLens.sources`: the sources in the order they are asked. */
  readonly sources: readonly SourceName[];
  /** `isbnLens.sourceUrls`: a keyless service's address, undefined when it is not a usable URL. */
  sourceUrl(name: SourceUrlName): URL | undefined;
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

/**
 * What the look-ups tell the log, as values: the editor's words say each (editor/words/log.ts),
 * at the level they choose. `cause`: a file system's or a lock's own message, passed on as it came.
 */
export type LookupEvent =
  | { kind: 'googleQuotaSpent'; until?: number }
  | { kind: 'cacheLoaded'; count: number }
  | { kind: 'cacheNotRead'; cause: string }
  | { kind: 'cacheMerged'; count: number }
  | { kind: 'cacheNotSaved'; cause: string }
  | { kind: 'waitingForKey' }
  | { kind: 'asking'; sources: readonly SourceName[] }
  | { kind: 'routes'; routes: ReadonlyArray<{ prefixes: readonly string[]; sources: readonly SourceName[] }> }
  | { kind: 'catalogueBlocked'; error: ServiceError }
  | { kind: 'noPlanAddress'; plan: PlanName }
  | { kind: 'usingPlan'; plan: PlanName; origin: string; perSecond: number }
  | { kind: 'noSourceAddress'; source: SourceName }
  | { kind: 'rateNotShared'; cause: string }
  | { kind: 'sourceResting'; cause: ServiceError; until: number }
  | { kind: 'sourceStalled'; source: string; seconds: number }
  | { kind: 'sourceAnswers'; source: string };

export interface LookupLog {
  tell(event: LookupEvent): void;
  request(record: RequestRecord): void;
}

/** What the editor gives the look-ups besides the settings, the keys, the log and the host. */
export interface LookupsOptions {
  /** The extension's version, for the keyless sources' User-Agent. */
  version: string;
  /** Google Books' own key, where the user set one. */
  googleKeys: KeySource;
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
  /** Something the user is told once (Google Books' daily quota is spent, no source can be reached). */
  notice?: Emitter<LookupNotice>;
}

/**
 * What is told once, by kind (the editor words it, with the command that helps): Google Books'
 * daily quota spent (`until`: when it is asked again), or no source can be reached (each with why).
 */
export type LookupNotice =
  | { kind: 'googleDailyQuota'; until?: number }
  | { kind: 'offline'; outages: ReadonlyArray<{ source: string; error: ServiceError }> };

/** Why there is no source although a key is set: the plan's address in `isbnLens.isbndb.baseUrls` is not a usable URL. */
export interface LookupProblem {
  kind: 'noBaseUrl';
  plan: PlanName;
}

/** What each source was made for (its key as a fingerprint, its address, the timeout), and its rated source. */
interface Made {
  signature: string;
  rated: RatedSource | undefined;
}

export class Lookups extends Disposable {
  /** Each source's answers, with their time; the book service's under its old record name. */
  private readonly caches = new Map<SourceName, BookCache>();
  private readonly batchers = new Map<SourceName, Batcher>();
  /** The sources in the order the settings ask them: what every feature looks up through. */
  readonly chain: SourceChain;
  private readonly throttles = new ThrottleRegistry();
  /** The book service, while a key is set (its key checks and quota). */
  private source: RatedSource | undefined;
  private readonly made = new Map<SourceName, Made>();
  /** The sources whose cache changed since it was last saved: only their records are written. */
  private readonly unsaved = new Set<SourceName>();
  /** Google's daily quota stop, said once per stop. */
  private saidGoogleStop: number | undefined;
  /** Catalogues the browser refuses (no cross-origin permission): skipped for the session, said once. */
  private readonly blocked = new Set<SourceName>();
  /** Why there is no source although a key is set (a setting that is not a URL). */
  problem: LookupProblem | undefined;
  private booksTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** Every source out of reach was said in a notification; said again only after one answered. */
  private saidOffline = false;
  private offlineTimer: ReturnType<typeof setTimeout> | undefined;
  private connecting: Promise<void> = Promise.resolve();
  /** Resolves once the cache is read (or found missing or unreadable). */
  readonly cacheLoaded: Promise<void>;
  /** Resolves once the stored key is read and the source made (or found impossible). */
  readonly firstConnect: Promise<void>;
  constructor(
    private readonly settings: LookupSettings,
    private readonly keys: KeySource,
    private readonly log: LookupLog,
    readonly host: LookupHost,
    private readonly emitters: LookupEmitters,
    private readonly options: LookupsOptions,
  ) {
    super();
    for (const name of DEFAULT_SOURCES) {
      const cache = new BookCache({ maxEntries: 5000 });
      this.caches.set(name, cache);
      const batchSize = name === 'isbndb' ? settings.batchSize : 1;
      // A catalogue gets one request at a time: no rate is documented (library-catalogues-facts.md).
      this.batchers.set(name, this.register(new Batcher(undefined, { cache, batchSize, ...(isCatalogue(name) ? { maxConcurrent: 1 } : {}) })));
    }
    this.chain = this.register(new SourceChain({ states: emitters.state, changes: emitters.changed }));
    // Until the keys are read, the configured sources answer from their caches (and nothing else).
    this.chain.setStages(
      settings.sources.map((name) => ({ name, batcher: this.batchers.get(name)! })),
      (isbn) => sourcesFor(isbn, settings.sources),
    );
    for (const name of CATALOGUE_SOURCES) this.watchBlocked(name);
    this.register(this.throttles);
    this.register(host.covers);
    this.register(
      this.batchers.get('googleBooks')!.onDidChangeState((state) => {
        if (state.kind !== 'stopped' || state.error.kind !== 'quota' || this.saidGoogleStop === (state.until ?? 0)) return;
        this.saidGoogleStop = state.until ?? 0;
        this.log.tell({ kind: 'googleQuotaSpent', ...(state.until && { until: state.until }) });
        emitters.notice?.fire({ kind: 'googleDailyQuota', ...(state.until && { until: state.until }) });
      }),
    );
    this.register(
      toDisposable(() => {
        clearTimeout(this.saveTimer);
        clearTimeout(this.booksTimer);
        clearTimeout(this.offlineTimer);
      }),
    );
    this.register(
      settings.onDidChange((event) => {
        if (settings.changed(event, 'batchSize', 'plan')) this.batchers.get('isbndb')!.setBatchSize(settings.batchSize);
        if (settings.changed(event, 'plan', 'baseUrls', 'requestTimeoutSeconds', 'sources', 'sourceUrls')) void this.reconnect();
      }),
    );
    this.register(keys.onDidChange(() => void this.reconnect()));
    this.register(options.googleKeys.onDidChange(() => void this.reconnect()));
    for (const [name, cache] of this.caches) {
      this.register(
        cache.onDidChange(() => {
          this.unsaved.add(name);
          this.scheduleSave();
          clearTimeout(this.booksTimer);
          this.booksTimer = setTimeout(() => emitters.books.fire(), BOOKS_SETTLE_MS);
        }),
      );
    }
    this.cacheLoaded = this.loadCache();
    this.firstConnect = this.reconnect();
  }

  /** Whether the book service can be asked (a key is set and the settings are usable). */
  get connected(): boolean {
    return this.source !== undefined;
  }

  /** Whether any source can be asked: the book service with a key, or a keyless one. */
  get answering(): boolean {
    return this.chain.names.length > 0;
  }

  /** The sources asked, in order (their `BookSource.name`). */
  get sourceNames(): string[] {
    return this.chain.names;
  }

  /** The sources out of reach now, in the order asked, each with why and its next try (an `unreachable` error). */
  get outages(): Array<{ source: string; error: ServiceError }> {
    return this.chain.outages;
  }

  /** The answer the caches hold, merged, if any, without touching their order. */
  known(isbn13: string): { status: 'found'; book: Book } | { status: 'notFound' } | undefined {
    const known = this.chain.known(isbn13);
    return known?.status === 'found' || known?.status === 'notFound' ? known : undefined;
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
    if (!ofAnotherPlan) this.batchers.get('isbndb')!.resume();
  }

  /** A key the service refused, one of another plan, or a service the browser refuses stops the queue: nothing it sends could succeed. */
  stopIfRefused(e: unknown): void {
    if (isServiceError(e, 'auth') || isServiceError(e, 'wrongPlan') || isServiceError(e, 'blocked')) this.batchers.get('isbndb')!.stopFor(e);
  }

  /** The user asks to try again now: every source. */
  resume(): void {
    for (const batcher of this.batchers.values()) batcher.resume();
  }

  /** What the source says of the key: undefined where it says nothing. */
  keyDetails(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    return this.requireSource().keyDetails(signal);
  }

  /**
   * One page of an author's books, from the first source asked that has authors (the book
   * service with a key, else Open Library's author search); the books found go into that
   * source's cache for later hovers.
   */
  async authorPage(name: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AuthorPage> {
    const name_ = this.chain.names.find((n) => this.made.get(n as SourceName)?.rated?.source.authorPage) as SourceName | undefined;
    const rated = name_ && this.made.get(name_)?.rated;
    if (!name_ || !rated) throw new ServiceError('auth', { why: 'noKey' });
    const answer = await rated.authorPage(name, page, pageSize, signal);
    const cache = this.caches.get(name_)!;
    for (const book of answer.books) cache.setFound(book.isbn13, book);
    return answer;
  }

  /**
   * The requests of the finding API (`core/finding/`): Open Library's search, works and editions,
   * Google Books' title search, each through its source's throttle and health, as look-ups go.
   * Only the sources chosen in `isbnLens.sources` are asked; which ones is read at each call.
   */
  findingSources(): FindingSources {
    const openLibrary = (): RatedSource => {
      const rated = this.chain.names.includes('openLibrary') ? this.made.get('openLibrary')?.rated : undefined;
      if (!rated || !(rated.source instanceof OpenLibrarySource)) throw new ServiceError('unreachable', { why: 'notChosen', source: 'openLibrary' });
      return rated;
    };
    const google = (): RatedSource | undefined => {
      const rated = this.chain.names.includes('googleBooks') ? this.made.get('googleBooks')?.rated : undefined;
      return rated && rated.source instanceof GoogleBooksSource && rated.source.stoppedUntil === undefined ? rated : undefined;
    };
    return {
      can: (source) => (source === 'googleBooks' ? google() !== undefined : this.chain.names.includes('openLibrary') && !!this.made.get('openLibrary')?.rated),
      searchOpenLibrary: (query, limit, signal, readerLanguage) => {
        const rated = openLibrary();
        return rated.ask(signal, (call) => (rated.source as OpenLibrarySource).searchWorks(query, limit, call, readerLanguage));
      },
      searchGoogle: (query, limit, signal) => {
        const rated = google();
        if (!rated) return Promise.reject(new ServiceError('unreachable', { why: 'notNow', source: 'googleBooks' }));
        return rated.ask(signal, (call) => (rated.source as GoogleBooksSource).searchVolumes(query, limit, call));
      },
      editions: (workKey, offset, limit, signal) => {
        const rated = openLibrary();
        return rated.ask(signal, (call) => (rated.source as OpenLibrarySource).workEditions(workKey, offset, limit, call));
      },
      workOfIsbn: (isbn, signal) => {
        const rated = openLibrary();
        return rated.ask(signal, (call) => (rated.source as OpenLibrarySource).workOfIsbn(isbn, call));
      },
    };
  }

  /** The source that answers Look Up Author: its `BookSource.name`, or undefined when none can. */
  get authorSource(): string | undefined {
    return this.chain.names.find((n) => this.made.get(n as SourceName)?.rated?.source.authorPage);
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
    const names = [...this.unsaved];
    this.unsaved.clear();
    try {
      let merged = 0;
      for (const name of names) merged += await saveCacheMerged(this.host.records, this.caches.get(name)!, cacheRecordOf(name));
      if (merged > 0) this.log.tell({ kind: 'cacheMerged', count: merged });
    } catch (e) {
      // Tried again at the next save.
      for (const name of names) this.unsaved.add(name);
      this.log.tell({ kind: 'cacheNotSaved', cause: (e as Error).message });
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.flush(), this.throttles.close()]);
  }

  private requireSource(): RatedSource {
    if (!this.source) throw new ServiceError('auth', { why: 'noKey' });
    return this.source;
  }

  private async connect(): Promise<void> {
    const [key, googleKey] = await Promise.all([this.keys.get(), this.options.googleKeys.get()]);
    // A browser hashes asynchronously (SubtleCrypto).
    const [keyId, googleKeyId] = await Promise.all([key && this.host.keyFingerprint(key), googleKey && this.host.keyFingerprint(googleKey)]);
    const order = this.settings.sources;
    const stages: Array<{ name: SourceName; batcher: Batcher }> = [];
    for (const name of DEFAULT_SOURCES) {
      const wanted = order.includes(name);
      const made =
        name === 'isbndb' ? this.makeBookService(wanted ? key : undefined, wanted ? keyId || undefined : undefined)
        : wanted ? this.makeKeyless(name, googleKey, googleKeyId || undefined)
        : { signature: 'off', rated: undefined };
      const previous = this.made.get(name);
      // "Set API Key" reconnects, and so does the key's own change event a moment later: a second
      // source for the same key would resend a batch the first one saw refused and forget why it
      // stopped. Unchanged key and settings keep the source and what its queue learned.
      if (previous?.signature === made.signature) continue;
      this.made.set(name, made);
      const batcher = this.batchers.get(name)!;
      // The book service's batch is the setting (its plan's maximum); a keyless source's is its own (Open Library 25, Google 1).
      if (made.rated && name !== 'isbndb') batcher.setBatchSize(made.rated.source.maxBatch);
      batcher.setSource(made.rated);
      if (name === 'isbndb') {
        this.source = made.rated;
        this.emitters.key.fire();
      }
    }
    for (const name of order) {
      if (this.made.get(name)?.rated && !stages.some((s) => s.name === name)) stages.push({ name, batcher: this.batchers.get(name)! });
    }
    const asked = stages.map((s) => s.name);
    this.chain.setStages(stages, (isbn) => sourcesFor(isbn, asked).filter((name) => !this.blocked.has(name)));
    if (stages.length === 0) this.log.tell({ kind: 'waitingForKey' });
    else if (!asked.some(isCatalogue)) this.log.tell({ kind: 'asking', sources: asked });
    // The order chosen for each registration group, said once per change of the sources.
    else this.log.tell({ kind: 'routes', routes: ROUTES.map((route) => ({ prefixes: route.prefixes, sources: orderFor(route, asked) })) });
    this.emitters.changed.fire();
  }

  /** A catalogue the browser refuses is skipped for the rest of the session, and said once. */
  private watchBlocked(name: CatalogueName): void {
    const batcher = this.batchers.get(name)!;
    this.register(
      batcher.onDidChangeState((state) => {
        if (state.kind !== 'stopped' || state.error.kind !== 'blocked' || this.blocked.has(name)) return;
        this.blocked.add(name);
        this.log.tell({ kind: 'catalogueBlocked', error: state.error });
        this.emitters.changed.fire();
      }),
    );
  }

  /** `keyId`: the key's fingerprint (see `LookupHost.keyFingerprint`). */
  private makeBookService(key: string | undefined, keyId: string | undefined): Made {
    const plan = this.settings.plan;
    const baseUrl = this.settings.baseUrl(plan);
    const signature = JSON.stringify(['isbndb', keyId ?? null, plan, baseUrl?.href ?? null, this.settings.requestTimeoutMs]);
    if (signature === this.made.get('isbndb')?.signature) return { signature, rated: this.source };
    this.problem = undefined;
    if (key && !baseUrl) {
      this.problem = { kind: 'noBaseUrl', plan };
      this.log.tell({ kind: 'noPlanAddress', plan });
    }
    if (!key || !keyId || !baseUrl) return { signature, rated: undefined };
    const source = new BookServiceClient({ baseUrl, plan, apiKey: key, keyId, timeoutMs: this.settings.requestTimeoutMs, onRequest: this.onRequest('isbndb') });
    this.log.tell({ kind: 'usingPlan', plan, origin: baseUrl.origin, perSecond: source.rate.perSecond });
    return { signature, rated: this.rated(source) };
  }

  private makeKeyless(name: Exclude<SourceName, 'isbndb'>, googleKey: string | undefined, keyId: string | undefined): Made {
    const timeoutMs = this.settings.requestTimeoutMs;
    // A browser cannot name the extension: its requests go unidentified (Open Library: 1/s).
    const userAgent = this.host.setsUserAgent ? keylessUserAgent(this.options.version) : undefined;
    if (isCatalogue(name)) {
      const baseUrl = this.settings.sourceUrl(name);
      const signature = JSON.stringify([name, baseUrl?.href ?? null, timeoutMs]);
      if (!baseUrl) return this.badUrl(name, signature);
      return { signature, rated: this.rated(makeCatalogue(name, { baseUrl, userAgent, timeoutMs, onRequest: this.onRequest(name) })) };
    }
    if (name === 'openLibrary') {
      const baseUrl = this.settings.sourceUrl('openLibrary');
      const coversUrl = this.settings.sourceUrl('openLibraryCovers');
      const signature = JSON.stringify([name, baseUrl?.href ?? null, coversUrl?.href ?? null, timeoutMs]);
      if (!baseUrl) return this.badUrl(name, signature);
      return { signature, rated: this.rated(new OpenLibrarySource({ baseUrl, coversUrl, userAgent, timeoutMs, onRequest: this.onRequest(name) })) };
    }
    const baseUrl = this.settings.sourceUrl('googleBooks');
    const signature = JSON.stringify([name, baseUrl?.href ?? null, keyId ?? null, timeoutMs]);
    if (!baseUrl) return this.badUrl(name, signature);
    return { signature, rated: this.rated(new GoogleBooksSource({ baseUrl, userAgent, timeoutMs, apiKey: googleKey, keyId, onRequest: this.onRequest(name) })) };
  }

  private badUrl(name: SourceName, signature: string): Made {
    this.log.tell({ kind: 'noSourceAddress', source: name });
    return { signature, rated: undefined };
  }

  /** Logs each request with the source that sent it, and counts it. */
  private onRequest(name: SourceName): (record: RequestRecord) => void {
    return (record) => {
      const labelled = { ...record, source: sourceTitle(name) };
      this.log.request(labelled);
      this.emitters.request.fire(labelled);
    };
  }

  /** The source with the throttle of its rate, shared with every window that counts with it. */
  private rated(source: BookSource): RatedSource {
    const { perSecond, shareName, windowMs } = source.rate;
    const throttle = this.throttles.get(shareName, perSecond, () => ({
      windowMs,
      ledger: this.host.sharedRate(shareName),
      onLedgerError: (e) => this.log.tell({ kind: 'rateNotShared', cause: (e as Error).message }),
    }));
    // A keyless service that fails (5xx) is out of reach for now, as one that does not answer is;
    // the book service keeps its own retries for those. Its batches of up to 1,000 ISBNs may take
    // a while to answer: it hangs only past half its timeout.
    const bookService = source.name === 'isbndb';
    const rated = new RatedSource(source, throttle, this.host.http, {
      serverErrorsMeanOutage: !bookService,
      stallMs: bookService ? Math.max(STALL_MS, this.settings.requestTimeoutMs / 2) : STALL_MS,
    });
    this.watchHealth(rated);
    return rated;
  }

  /**
   * An outage is told once: a line in the log when a source goes out of reach and one when it
   * answers again (not a line per ISBN or per failed probe), the status bar while it lasts, and
   * a notification only when no source can be reached at all (offline), once until one answers.
   */
  private watchHealth(rated: RatedSource): void {
    const { health } = rated;
    let told: 'stalled' | 'resting' | undefined;
    this.register(health);
    this.register(
      health.onDidChange(() => {
        const state = health.state;
        if (state.kind === 'resting' && told !== 'resting') {
          told = 'resting';
          this.log.tell({ kind: 'sourceResting', cause: state.cause, until: state.until });
        } else if (state.kind === 'stalled' && told === undefined) {
          told = 'stalled';
          this.log.tell({ kind: 'sourceStalled', source: rated.source.name, seconds: STALL_MS / 1000 });
        } else if (state.kind === 'up' && told !== undefined && health.outageSince === undefined) {
          told = undefined;
          this.log.tell({ kind: 'sourceAnswers', source: rated.source.name });
        }
        this.sayIfOffline();
        this.emitters.changed.fire();
      }),
    );
  }

  private sayIfOffline(): void {
    const outages = this.chain.outages;
    if (outages.length < this.chain.names.length) this.saidOffline = false;
    if (this.saidOffline || this.offlineTimer || outages.length === 0 || outages.length < this.chain.names.length) return;
    // The sources fail one after the other within a moment: said once they all have.
    this.offlineTimer = setTimeout(() => {
      this.offlineTimer = undefined;
      const now = this.chain.outages;
      if (this.saidOffline || now.length === 0 || now.length < this.chain.names.length) return;
      this.saidOffline = true;
      this.emitters.notice?.fire({ kind: 'offline', outages: now });
    }, OFFLINE_SETTLE_MS);
  }

  private async loadCache(): Promise<void> {
    try {
      let loaded = 0;
      for (const [name, cache] of this.caches) loaded += await loadCache(this.host.records, cache, cacheRecordOf(name));
      if (loaded > 0) this.log.tell({ kind: 'cacheLoaded', count: loaded });
    } catch (e) {
      this.log.tell({ kind: 'cacheNotRead', cause: (e as Error).message });
    }
  }

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }
}

function makeCatalogue(name: CatalogueName, options: CatalogueOptions): BookSource {
  switch (name) {
    case 'dnb':
      return new DnbSource(options);
    case 'k10plus':
      return new K10plusSource(options);
    case 'bnf':
      return new BnfSource(options);
    case 'loc':
      return new LocSource(options);
    case 'lobid':
      return new LobidSource(options);
  }
}

/** The record a source's answers are kept in: the book service's keeps its old name. */
function cacheRecordOf(name: SourceName): string | undefined {
  return name === 'isbndb' ? undefined : `book-cache-${name}`;
}
