/**
 * The finding API: works by a title and/or an author (optionally a language), a work's editions
 * page by page, the work of an ISBN. Open Library first; Google Books' title search when Open
 * Library finds nothing (or cannot be reached) and Google may be asked. Every request goes
 * through the sources' own rates, User-Agent rules and health (`FindingSources`, made by
 * `Lookups.findingSources`). Searches are kept for the session; editions and works of ISBNs as
 * long as books are (a day for "Open Library knows no work"). A request asked twice at once is
 * sent once. Plain values in, plain values out: the editor's commands and the chat tool
 * (`isbnLens_findBooks`) call the same three functions.
 */
import { systemClock, type Clock } from '../clock';
import { ServiceError, cancelledError } from '../model/errors';
import type { Edition, EditionsPage, FindingSources, FindQuery, WorkHit, WorkOfIsbn } from '../model/works';
import { orderEditions } from './editionOrder';
import { normalizeIsbn, parseIsbn } from '../isbn/parse';
import type { RecordStore } from '../host/records';
import { isObject } from '../model/book';

/** Works a search shows. */
export const WORKS_PER_SEARCH = 20;
/** Editions a page shows (Open Library takes up to 1000; 50 is its default). */
export const EDITIONS_PER_PAGE = 50;
/** How long a work's editions and an ISBN's work are kept: as long as a book. */
export const FOUND_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** "Open Library knows no work for this ISBN" is believed a day (it may import it later). */
export const NOT_FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_SEARCHES = 200;
const MAX_KEPT = 2000;
/** The record works and editions are kept in between sessions, shared by the windows (as the books' `book-cache-*`). */
export const FINDING_RECORD = 'finding-cache';
/** Pages of editions kept in it, the latest: a record stays small (a page of 50 editions is ~15 KB). */
const MAX_SAVED_PAGES = 60;
const SAVE_DELAY_MS = 2000;

export interface FindOptions {
  /** Works wanted (at most 40 from Google). */
  limit?: number;
  /** VS Code's display language, two letters: the edition Open Library shows first. */
  readerLanguage?: string;
}

export interface FoundWorks {
  works: WorkHit[];
  /** The source that found them; undefined when none was asked (nothing to search for). */
  source?: 'openLibrary' | 'googleBooks';
  total?: number;
  /** Open Library found nothing and Google Books could not be asked (not chosen, or its quota spent). */
  googleSkipped?: boolean;
  /** Neither Open Library nor Google Books may be asked (`isbnLens.sources`): nothing was searched. */
  noSource?: boolean;
}

/** A work found, with the first page of its editions (ordered, and cut to the year when one is asked). */
export interface WorkWithEditions {
  work: WorkHit;
  editions: Edition[];
  /** How many editions the work has in all, where its source says. */
  total?: number;
}

interface Kept<T> {
  value: T;
  at: number;
  ttl: number;
}

export class Finder {
  private readonly searches = new Map<string, Promise<FoundWorks>>();
  private readonly editionPages = new Map<string, Kept<EditionsPage>>();
  private readonly isbnWorks = new Map<string, Kept<WorkOfIsbn | undefined>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** A Google volume's one edition, by its work key (`google:<id>`). */
  private readonly volumes = new Map<string, WorkHit>();
  private readonly clock: Clock;
  private readonly records: RecordStore | undefined;
  /** Resolves once the kept works and editions are read (or found missing or unreadable). */
  readonly loaded: Promise<void>;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  /** `records`: where works and editions are kept between sessions (the host's; none in tests). */
  constructor(
    private readonly sources: FindingSources,
    options: { clock?: Clock; records?: RecordStore } = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.records = options.records;
    this.loaded = this.records ? this.records.read(FINDING_RECORD).then((record) => this.load(record), () => undefined) : Promise.resolve();
  }

  /** Works for a title and/or an author; empty for a query with nothing to search by. */
  findWorks(query: FindQuery, options: FindOptions = {}, signal?: AbortSignal): Promise<FoundWorks> {
    const clean = cleanQuery(query);
    if (!clean.text && !clean.title && !clean.author) return Promise.resolve({ works: [] });
    const limit = Math.max(1, Math.min(40, options.limit ?? WORKS_PER_SEARCH));
    const key = JSON.stringify([clean, limit, options.readerLanguage ?? '']);
    const kept = this.searches.get(key);
    if (kept) return abortable(kept, signal);
    // The search's own request is cancelled with the signal (the user typed on): it is not kept then.
    const asked = this.search(clean, limit, options.readerLanguage, signal);
    this.searches.set(key, asked);
    if (this.searches.size > MAX_SEARCHES) this.searches.delete(this.searches.keys().next().value!);
    // A failed search is not kept: asked again next time.
    asked.catch(() => this.searches.get(key) === asked && this.searches.delete(key));
    return asked;
  }

  /**
   * Works with their editions in one call (the chat tool's `isbnLens_findBooks`): the first
   * `works` works found, each with the first page of its editions, the query's language and then
   * `options.readerLanguage` first, only those of `query.year` when a year is asked (Open Library's
   * search has no edition-year filter: the year is applied here). One request for the search and
   * one per work, through the sources' rates.
   */
  async findBooks(query: FindQuery, options: FindOptions & { works?: number } = {}, signal?: AbortSignal): Promise<WorkWithEditions[]> {
    const found = await this.findWorks(query, options, signal);
    const out: WorkWithEditions[] = [];
    for (const work of found.works.slice(0, Math.max(1, options.works ?? 5))) {
      const page = await this.editionsOfWork(work.key, 0, signal);
      const ordered = orderEditions(page.editions, { displayLanguage: options.readerLanguage, language: query.language });
      out.push({ work, editions: query.year === undefined ? ordered : ordered.filter((e) => e.year === query.year), ...(page.total !== undefined ? { total: page.total } : {}) });
    }
    return out;
  }

  /** Page `page` (from 0) of a work's editions, in the source's order (see `orderEditions`). */
  async editionsOfWork(workKey: string, page = 0, signal?: AbortSignal): Promise<EditionsPage> {
    const volume = this.volumes.get(workKey);
    if (volume) return { workKey, editions: volume.editions ?? [], total: volume.editions?.length ?? 0, offset: 0, hasMore: false };
    if (workKey.startsWith('google:')) throw new ServiceError('notFound', { why: 'noEditions', work: workKey });
    const key = `${workKey}#${page}`;
    await this.loaded;
    const kept = this.fresh(this.editionPages, key);
    if (kept) return kept.value;
    return this.once(key, signal, async () => {
      const answer = await this.sources.editions(workKey, page * EDITIONS_PER_PAGE, EDITIONS_PER_PAGE);
      this.keep(this.editionPages, key, answer, FOUND_TTL_MS);
      return answer;
    });
  }

  /** The work an ISBN is an edition of (and how many editions it has); undefined when Open Library knows none. */
  async workOfIsbn(isbn: string, signal?: AbortSignal): Promise<WorkOfIsbn | undefined> {
    const isbn13 = parseIsbn(isbn)?.isbn13 ?? normalizeIsbn(isbn);
    await this.loaded;
    const kept = this.fresh(this.isbnWorks, isbn13);
    if (kept) return kept.value;
    return this.once(`isbn:${isbn13}`, signal, async () => {
      const answer = await this.sources.workOfIsbn(isbn13);
      this.keep(this.isbnWorks, isbn13, answer, answer ? FOUND_TTL_MS : NOT_FOUND_TTL_MS);
      return answer;
    });
  }

  /** What is kept of an ISBN's work, without asking: `null` when nothing is. */
  knownWorkOfIsbn(isbn: string): WorkOfIsbn | undefined | null {
    const isbn13 = parseIsbn(isbn)?.isbn13 ?? normalizeIsbn(isbn);
    const kept = this.fresh(this.isbnWorks, isbn13);
    return kept ? kept.value : null;
  }

  private async search(query: FindQuery, limit: number, readerLanguage: string | undefined, signal: AbortSignal | undefined): Promise<FoundWorks> {
    let openLibraryError: unknown;
    if (this.sources.can('openLibrary')) {
      try {
        const page = await this.sources.searchOpenLibrary(query, limit, signal, readerLanguage);
        if (page.works.length > 0) return { works: page.works, source: 'openLibrary', total: page.total };
      } catch (e) {
        if (signal?.aborted || (e instanceof ServiceError && e.kind === 'cancelled')) throw e;
        openLibraryError = e;
      }
    }
    if (!this.sources.can('googleBooks')) {
      if (openLibraryError) throw openLibraryError;
      return this.sources.can('openLibrary') ? { works: [], source: 'openLibrary', total: 0, googleSkipped: true } : { works: [], noSource: true };
    }
    try {
      const page = await this.sources.searchGoogle(query, Math.min(limit, 40), signal);
      for (const work of page.works) this.volumes.set(work.key, work);
      return { works: page.works, source: 'googleBooks', total: page.total };
    } catch (e) {
      throw signal?.aborted ? e : (openLibraryError ?? e);
    }
  }

  /**
   * One request for a key however many ask at once; a caller that gives up (its signal) stops
   * waiting, but the request goes on for the others and its answer is kept.
   */
  private once<T>(key: string, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    let asked = this.inFlight.get(key) as Promise<T> | undefined;
    if (!asked) {
      asked = run().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, asked);
    }
    return abortable(asked, signal);
  }

  private fresh<T>(map: Map<string, Kept<T>>, key: string): Kept<T> | undefined {
    const kept = map.get(key);
    if (kept && this.clock.now() - kept.at < kept.ttl) return kept;
    if (kept) map.delete(key);
    return undefined;
  }

  private keep<T>(map: Map<string, Kept<T>>, key: string, value: T, ttl: number): void {
    map.set(key, { value, at: this.clock.now(), ttl });
    if (map.size > MAX_KEPT) map.delete(map.keys().next().value!);
    if (this.records && !this.saveTimer) this.saveTimer = setTimeout(() => void this.save(), SAVE_DELAY_MS);
  }

  /** Writes what is kept, merged with what other windows kept meanwhile (the newer of each wins). */
  async save(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.records) return;
    try {
      await this.records.update(FINDING_RECORD, (current) => {
        this.load(current);
        return { next: { version: 1, editions: [...this.editionPages].slice(-MAX_SAVED_PAGES), works: [...this.isbnWorks].map(([k, v]) => [k, { ...v, value: v.value ?? null }]) }, result: undefined };
      });
    } catch {
      // Tried again with the next answer kept.
    }
  }

  /** Takes in a record's works and editions that are newer than those kept; anything unreadable is left out. */
  private load(record: unknown): void {
    if (!isObject(record) || record.version !== 1) return;
    const take = <T>(entries: unknown, map: Map<string, Kept<T>>, valid: (value: unknown) => value is T) => {
      if (!Array.isArray(entries)) return;
      for (const entry of entries.slice(-MAX_KEPT)) {
        if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !isObject(entry[1])) continue;
        const { value, at, ttl } = entry[1];
        if (typeof at !== 'number' || typeof ttl !== 'number' || !valid(value)) continue;
        const mine = map.get(entry[0]);
        if (this.clock.now() - at < ttl && (!mine || mine.at < at)) map.set(entry[0], { value, at, ttl });
      }
    };
    take(record.editions, this.editionPages, (v): v is EditionsPage => isObject(v) && typeof v.workKey === 'string' && Array.isArray(v.editions) && v.editions.every((e) => isObject(e) && typeof e.key === 'string' && typeof e.title === 'string'));
    const works = new Map<string, Kept<WorkOfIsbn | null>>();
    take(record.works, works, (v): v is WorkOfIsbn | null => v === null || (isObject(v) && isObject(v.work) && typeof v.work.key === 'string' && typeof v.work.title === 'string' && Array.isArray(v.work.authors)));
    for (const [key, kept] of works) {
      const mine = this.isbnWorks.get(key);
      if (!mine || mine.at < kept.at) this.isbnWorks.set(key, { ...kept, value: kept.value ?? undefined });
    }
  }
}

function cleanQuery(query: FindQuery): FindQuery {
  const trim = (s: string | undefined) => s?.replace(/\s+/g, ' ').trim() || undefined;
  const out: FindQuery = {};
  if (trim(query.text)) out.text = trim(query.text);
  if (trim(query.title)) out.title = trim(query.title);
  if (trim(query.author)) out.author = trim(query.author);
  if (query.language && /^[a-z]{2}$/i.test(query.language.trim())) out.language = query.language.trim().toLowerCase();
  if (query.year !== undefined && Number.isInteger(query.year)) out.year = query.year;
  return out;
}

/** The promise, or a `cancelled` error as soon as the signal fires. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(cancelledError());
    signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (e) => {
        signal.removeEventListener('abort', stop);
        reject(e);
      },
    );
  });
}

