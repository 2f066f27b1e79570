/**
 * Owns the look-up machinery of one window: the cache (kept on disk), one throttle per
 * key and plan, the client for the current key and settings, and the batcher that all
 * features share. Rebuilds the client when the key or the settings change.
 */
import * as vscode from 'vscode';
import { describeError } from '../core/messages';
import { Batcher } from '../core/service/batcher';
import { BookCache } from '../core/service/cache';
import { readCacheFile, writeCacheFile } from '../core/service/cacheFile';
import { BookServiceClient } from '../core/service/client';
import { CoverImages } from '../core/service/coverImages';
import type { ServiceError } from '../core/service/errors';
import { keyFingerprint } from '../core/service/keyFingerprint';
import { PLAN_RATES } from '../core/service/plans';
import { SharedLedger } from '../core/service/rate/sharedLedger';
import { ThrottleRegistry } from '../core/service/rate/throttle';
import { join } from 'node:path';
import type { ApiKeyStore } from './apiKeyStore';
import type { Config } from './config';
import type { Log } from './log';

const SAVE_DELAY_MS = 2000;
const BOOKS_SETTLE_MS = 200;

export class LookupService implements vscode.Disposable {
  readonly cache = new BookCache({ maxEntries: 5000 });
  readonly batcher: Batcher;
  /** Covers for hovers, inlined as data URIs. */
  readonly covers = new CoverImages();
  private readonly throttles = new ThrottleRegistry();
  private client: BookServiceClient | undefined;
  /** Why there is no client although a key is set (a setting that is not a URL). */
  private setupProblem: string | undefined;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when the key, the plan or the queue changed (cached answers: `onDidChangeBooks`). */
  readonly onDidChange = this.emitter.event;
  private readonly booksEmitter = new vscode.EventEmitter<void>();
  private booksTimer: NodeJS.Timeout | undefined;
  /**
   * Fires once after a run of new answers in the cache (a batch stores a hundred in a row):
   * what is drawn from the cache, diagnostics and inline titles, is redrawn once for them.
   */
  readonly onDidChangeBooks = this.booksEmitter.event;
  private readonly disposables: vscode.Disposable[] = [];
  private saveTimer: NodeJS.Timeout | undefined;
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
    this.cacheFile = join(storageDir, 'book-cache.json');
    this.batcher = new Batcher(undefined, { cache: this.cache, batchSize: config.batchSize });
    this.disposables.push(
      this.emitter,
      config.onDidChange(() => {
        this.batcher.setBatchSize(config.batchSize);
        void this.reconnect();
      }),
      keys.onDidChange(() => void this.reconnect()),
      this.batcher.onDidChangeState(() => this.emitter.fire()),
      this.booksEmitter,
      this.cache.onDidChange(() => {
        this.scheduleSave();
        clearTimeout(this.booksTimer);
        this.booksTimer = setTimeout(() => this.booksEmitter.fire(), BOOKS_SETTLE_MS);
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

  get currentClient(): BookServiceClient | undefined {
    return this.client;
  }

  get problem(): string | undefined {
    return this.setupProblem;
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

  async flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    try {
      await writeCacheFile(this.cacheFile, this.cache.serialize());
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

  dispose(): void {
    clearTimeout(this.saveTimer);
    clearTimeout(this.booksTimer);
    this.batcher.dispose();
    this.throttles.dispose();
    for (const d of this.disposables) d.dispose();
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
            onRequest: (record) => this.log.request(record),
          })
        : undefined;
    this.batcher.setClient(this.client);
    this.log.info(this.client ? `Using the ${plan} plan at ${baseUrl!.origin} (${PLAN_RATES[plan]} requests/s).` : 'No API key is set; look-ups wait for one.');
    this.emitter.fire();
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
