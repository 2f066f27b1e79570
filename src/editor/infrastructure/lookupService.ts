/**
 * The one facade the editor sees for look-ups. What does the work (cache, throttles, source,
 * batcher, covers) is the core's `Lookups` with the entry's host (Node or browser), loaded on
 * first use with a dynamic import so that activation does not load the HTTP client: `start()` begins loading
 * it, reading the cache and connecting, and nobody needs to wait for that. Until it is here,
 * the facade answers as while a look-up is on its way: reads find nothing yet, and look-ups
 * wait for it. Its events are fired by `Lookups` itself, once, where each thing happens; what
 * the facade adds is the editor's: the wait for loading, the plan the key belongs to, words.
 */
import { Disposable } from '../../core/disposable';
import { Emitter } from '../../core/events';
import type { BatcherState, LookupOptions, LookupResult } from '../../core/model/lookup';
import type { Book } from '../../core/model/book';
import type { AuthorPage, RequestRecord } from '../../core/model/answers';
import type { KeyInfo } from '../../core/model/quota';
import { planOfHost } from '../../core/sources/isbndb/keyInfo';
import { sourceTitle } from '../../core/sources/sourceNames';
import { coverAddressAllowed } from '../../core/cover/coverAddresses';
import { KeyQuota } from '../../core/lookups/keyQuota';
import type { ServiceError } from '../../core/model/errors';
import type { LookupNotice, Lookups } from '../../core/lookups/lookups';
import type { LookupHost } from '../../core/host/host';
import type { Finder } from '../../core/finding/finder';
import type { ApiKeyStore } from './apiKeyStore';
import type { Config } from './config';
import type { Log } from './log';
import * as words from '../words/index';
import type * as FailureWords from '../words/failures';

/** Covers for hovers, inlined as data URIs. */
export interface Covers {
  /** The data URI if the cover is already here. */
  peek(url: string): string | undefined;
  /** The cover as a data URI, or undefined if it is not an image, too large, or out of reach. */
  get(url: string): Promise<string | undefined>;
}

export class LookupService extends Disposable {
  private lookups: Lookups | undefined;
  private loading: Promise<Lookups> | undefined;
  /** The words of failures' reasons, loaded with the look-ups: no failure exists before them. */
  private failureWords: typeof FailureWords | undefined;
  private finding: Promise<Finder> | undefined;
  /** The finding API once loaded: what it keeps can be read without waiting (a hover). */
  loadedFinder: Finder | undefined;
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
  private readonly keyChanges = this.register(new Emitter<void>());
  private readonly notices = this.register(new Emitter<LookupNotice>());
  /** Something to tell the user once (a later source's daily quota spent), with the command that helps. */
  readonly onNotice = this.notices.event;
  /** The key's plan host and today's quota, from `GET /key` where the service has it. */
  readonly keyQuota = this.register(new KeyQuota(async (signal) => (await this.current()).keyDetails(signal), this.requests.event));
  readonly covers: Covers = {
    peek: (url) => this.lookups?.host.covers.peek(url),
    // Covers come from public addresses only, or from the configured services' own hosts (the
    // sandbox on 127.0.0.1); Open Library's by cover id only (by ISBN they are limited to 100 per 5 minutes).
    get: async (url) => {
      if (!coverAddressAllowed(url, this.config.sourceUrl('openLibraryCovers'))) return undefined;
      const hosts = [this.config.baseUrl(), this.config.sourceUrl('openLibraryCovers'), this.config.sourceUrl('googleBooks'), this.config.sourceUrl('openLibrary')];
      return (await this.loaded()).host.covers.get(url, hosts.filter((u): u is URL => u !== undefined).map((u) => u.hostname));
    },
  };

  constructor(
    private readonly config: Config,
    private readonly keys: ApiKeyStore,
    private readonly log: Log,
    private readonly googleKeys: ApiKeyStore,
    /** The extension's version, which keyless requests name in their User-Agent. */
    private readonly version: string,
    /** Makes the host (HTTP, records, covers) on first use: the Node host or the browser's. */
    private readonly makeHost: () => Promise<LookupHost>,
  ) {
    super();
    this.register(this.keyQuota.onDidChange(() => this.changes.fire()));
    this.register(this.keyChanges.event(() => this.keyQuota.reset()));
  }

  /** Loads the look-ups, the cache, and connects with the stored key. */
  async start(): Promise<void> {
    const lookups = await this.loaded();
    await Promise.all([lookups.cacheLoaded, lookups.firstConnect]);
  }

  get plan() {
    return this.config.plan;
  }

  /** Whether look-ups can be sent (a key is set and the settings are usable). */
  get connected(): boolean {
    return this.lookups?.connected ?? false;
  }

  /** Whether any source can be asked: the book service with a key, or a keyless one (known once the look-ups are loaded). */
  get anySource(): boolean {
    return this.lookups?.answering ?? false;
  }

  /** The sources asked, in order (their `BookSource.name`): the settings' order until the look-ups are loaded. */
  get sourceNames(): string[] {
    return this.lookups?.sourceNames ?? [...this.config.sources];
  }

  /** Whether a source can be asked, once the stored keys are read. */
  async canAnswer(): Promise<boolean> {
    const lookups = await this.current();
    return lookups.answering;
  }

  /** The source that answers Look Up Author, once the stored keys are read; undefined when none can. */
  async authorSource(): Promise<string | undefined> {
    return (await this.current()).authorSource;
  }

  /** The source that answers Look Up Author (its `BookSource.name`), once known. */
  get authorSourceName(): string | undefined {
    return this.lookups?.authorSource;
  }

  /** How the user reads the source that answers Look Up Author ("Open Library"), when known. */
  get authorSourceTitle(): string | undefined {
    const name = this.authorSourceName;
    return name === 'isbndb' ? words.bookService() : name ? sourceTitle(name) : undefined;
  }

  /** Why no source is made although a key is set, in the user's words. */
  get problem(): string | undefined {
    const problem = this.lookups?.problem;
    return problem && words.settingsProblem(problem);
  }

  /** Idle until the look-ups know better: whether a key is set is not known before the key is read. */
  get state(): BatcherState {
    return this.lookups?.chain.state ?? { kind: 'idle' };
  }

  /** Looks ISBN-13s up, answering from the cache where it can. Rejects only when cancelled. */
  async lookup(isbns: readonly string[], options?: LookupOptions): Promise<Map<string, LookupResult>> {
    return (await this.answering(isbns)).chain.lookup(isbns, options);
  }

  async lookupOne(isbn: string, options?: LookupOptions): Promise<LookupResult> {
    return (await this.answering([isbn])).chain.lookupOne(isbn, options);
  }

  /** Queues ISBNs without waiting for them (prefetch for later hovers). */
  prefetch(isbns: readonly string[], urgent = false): void {
    if (this.lookups) this.lookups.chain.prefetch(isbns, urgent);
    else void this.answering(isbns).then((lookups) => lookups.chain.prefetch(isbns, urgent), () => undefined);
  }

  /** The cached or pending answer, without queueing anything; `hover`: complete only once the next source filled what the hover shows. */
  peek(isbn: string, purpose?: 'bulk' | 'hover'): LookupResult | 'pending' | undefined {
    return this.lookups?.chain.peek(isbn, purpose);
  }

  /**
   * What the sources answered so far, merged with its provenance, when one found the book: a
   * hover shows it while a later source is still on its way (or hangs).
   */
  answeredSoFar(isbn: string): Extract<LookupResult, { status: 'found' }> | undefined {
    const known = this.lookups?.chain.known(isbn);
    return known?.status === 'found' ? known : undefined;
  }

  /** The sources out of reach now, in the order asked, each with why and its next try. */
  get outages(): Array<{ source: string; error: ServiceError }> {
    return this.lookups?.outages ?? [];
  }

  /** The answer in the cache, if any: for painting many at once (it does not touch the LRU order). */
  known(isbn13: string): { status: 'found'; book: Book } | { status: 'notFound' } | undefined {
    return this.lookups?.known(isbn13);
  }

  /** The user asks to try again now. */
  resume(): void {
    this.lookups?.resume();
  }

  /**
   * Tells whether the key works on this plan; throws the typed error if not. Reads
   * `GET /key` where the service has it (its plan host and quota, at no cost of quota),
   * else sends one cheap look-up. A refused key, or one of another plan, stops the queue;
   * a key that works lets it go on.
   */
  async checkKey(signal?: AbortSignal): Promise<KeyInfo | undefined> {
    const lookups = await this.current();
    let info: KeyInfo | undefined;
    try {
      info = await this.keyQuota.refresh(signal);
    } catch (e) {
      lookups.stopIfRefused(e);
      throw e;
    }
    await lookups.checkKey(signal, info, this.keyPlan(info) !== undefined);
    return info;
  }

  /** The configured plan whose address the service named as the key's, when it is not the current plan. */
  keyPlan(info: KeyInfo | undefined = { apiHost: this.keyQuota.apiHost }) {
    const plan = info?.apiHost ? planOfHost(info.apiHost, this.config.baseUrls()) : undefined;
    return plan !== undefined && plan !== this.config.plan ? plan : undefined;
  }

  /** One page of an author's books; the books found go into the cache for later hovers. */
  async authorPage(name: string, page: number, pageSize: number, signal?: AbortSignal): Promise<AuthorPage> {
    return (await this.current()).authorPage(name, page, pageSize, signal);
  }

  /** Resolves once the latest key and settings are in use. */
  async ready(): Promise<void> {
    await (await this.loaded()).ready();
  }

  async reconnect(): Promise<void> {
    await (await this.loaded()).reconnect();
  }

  /**
   * The user's words for a failure of `source`: the book service's with its plan and host, a
   * keyless source's as its reason says it (the words name the service and what to do).
   */
  describeFrom(source: string | undefined, error: ServiceError): string {
    return source === undefined || source === 'isbndb' || error.kind === 'cancelled' || error.kind === 'unreachable' ? this.describe(error) : this.said(error);
  }

  /** The user's words for a failure (words/failures.ts), with the plan and host filled in. */
  describe(error: ServiceError): string {
    return this.failureWords?.failure(error, { plan: this.config.plan, host: this.config.baseUrl()?.host }) ?? error.message;
  }

  /** A failure's reason in the user's words (words/failures.ts), without what to do. */
  said(error: ServiceError): string {
    return this.failureWords?.describeFailure(error) ?? error.message;
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

  /**
   * The finding API (`core/finding/finder.ts`: works by title and author, a work's editions, an
   * ISBN's work), loaded on first use, over the sources of the current settings. One per window:
   * its caches serve every command, the hover line and the chat tool.
   */
  finder(): Promise<Finder> {
    return (this.finding ??= Promise.all([import('../../core/finding/finder'), this.current()]).then(([{ Finder }, lookups]) => (this.loadedFinder = new Finder(lookups.findingSources(), { records: lookups.host.records }))));
  }

  /** The look-ups, loading them on first call. */
  private loaded(): Promise<Lookups> {
    this.loading ??= Promise.all([import('../../core/lookups/lookups'), import('../words/failures'), import('../words/log'), this.makeHost()]).then(([{ Lookups }, failureWords, { lookupLog }, host]) => {
      this.failureWords = failureWords;
      this.log.describeFailuresWith(failureWords.describeFailure);
      const emitters = { changed: this.changes, books: this.books, state: this.states, request: this.requests, key: this.keyChanges, notice: this.notices };
      const lookups = new Lookups(this.config, this.keys, lookupLog(this.log), host, emitters, { version: this.version, googleKeys: this.googleKeys });
      this.register(lookups);
      this.lookups = lookups;
      return lookups;
    });
    return this.loading;
  }

  /** The look-ups once the latest key and settings are in use. */
  private async current(): Promise<Lookups> {
    const lookups = await this.loaded();
    await lookups.ready();
    return lookups;
  }

  /** The look-ups once the cache is read: a look-up never asks the network for what is on disk. */
  private async withCache(): Promise<Lookups> {
    const lookups = await this.loaded();
    await lookups.cacheLoaded;
    return lookups;
  }

  /**
   * The look-ups, once they can answer `isbns`: from the cache, or else with the stored key
   * read (without a source yet, the batcher would fail them as if no key were set).
   */
  private async answering(isbns: readonly string[]): Promise<Lookups> {
    const lookups = await this.withCache();
    if (!isbns.every((isbn) => lookups.known(isbn))) await lookups.firstConnect;
    return lookups;
  }

  /** The look-ups if they were ever asked for, after the cache is read; nothing to save otherwise. */
  private async settled(): Promise<Lookups | undefined> {
    if (!this.loading) return undefined;
    return this.withCache().catch(() => undefined);
  }
}
