/**
 * The sources in the order the settings ask them, as one look-up: each source has its own
 * batcher (its queue, batch size, throttle and cache), and the chain asks them in turn. The
 * first source gets every ISBN (Open Library 25 at a time); a later one only the ISBNs that
 * still need it (`needsNextSource`), each as soon as the source before has answered it: for
 * Look Up All and Annotate those no source had a record
 * of, so Google Books' scarce daily quota is not spent on fields; for a hover also those whose
 * record lacks what the hover shows. The answers are merged field by field with their
 * provenance (`mergeBooks`). "Not found" names the sources asked; a source that could not
 * answer (a spent quota, out of reach) never turns into "not found".
 *
 * The order can depend on the ISBN: `setStages` takes, beside the stages, a route that names
 * the stages to ask for an ISBN, in order (`sources/routing.ts`: the library catalogues where
 * their books are). ISBNs of one route go through the chain together; without a route every ISBN
 * goes through every stage in the order given.
 */
import { Disposable } from '../disposable';
import { Emitter } from '../events';
import type { BatcherState, LookupOptions, LookupResult } from '../model/lookup';
import { ServiceError, cancelledError } from '../model/errors';
import { mergeBooks, type SourcedBook } from '../sources/merge';
import { needsNextSource, type AskPurpose } from '../sources/nextSource';
import { nationalCatalogueOf } from '../sources/routing';
import type { Batcher } from './batcher';
import { StateChanges } from './stateChanges';

export interface ChainStage {
  /** The source's `BookSource.name`. */
  readonly name: string;
  readonly batcher: Batcher;
}

/** What the sources said of one ISBN so far. */
interface Gathered {
  answers: SourcedBook[];
  /** Sources that know no such ISBN. */
  asked: string[];
  unanswered: Array<{ source: string; error: ServiceError }>;
  cancelled?: ServiceError;
}

/** The names of the stages to ask for an ISBN, in order (a subset of the stages' names). */
export type ChainRoute = (isbn: string) => readonly string[];

export class SourceChain extends Disposable {
  private stages: readonly ChainStage[] = [];
  private route: ChainRoute | undefined;
  private subscriptions: Array<{ dispose(): void }> = [];
  private readonly states: Emitter<BatcherState>;
  private readonly stateChanges: StateChanges<BatcherState>;

  constructor(options: { states?: Emitter<BatcherState>; changes?: Emitter<void> } = {}) {
    super();
    this.states = options.states ?? this.register(new Emitter<BatcherState>());
    this.stateChanges = new StateChanges(this.states, options.changes);
    this.register({ dispose: () => this.subscriptions.forEach((s) => s.dispose()) });
  }

  get onDidChangeState() {
    return this.states.event;
  }

  /** The sources to ask, in order (their batchers are owned by the caller); `route`: which of them, in what order, for one ISBN. */
  setStages(stages: readonly ChainStage[], route?: ChainRoute): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.stages = stages;
    this.route = route;
    this.subscriptions = stages.map((stage) => stage.batcher.onDidChangeState(() => this.emit()));
    this.emit();
  }

  get names(): string[] {
    return this.stages.map((s) => s.name);
  }

  /** The stages asked for one ISBN, in order. */
  stagesFor(isbn: string): readonly ChainStage[] {
    if (!this.route) return this.stages;
    return this.route(isbn).flatMap((name) => this.stages.filter((s) => s.name === name));
  }

  /**
   * The first source's limit or stop, else every source's work together: what the status bar
   * and the hover's wait show. A later source's stop (Google's daily quota) is said on its own.
   */
  get state(): BatcherState {
    const [first] = this.stages;
    if (!first) return { kind: 'noKey' };
    const primary = first.batcher.state;
    if (primary.kind === 'stopped' || primary.kind === 'limited') return primary;
    let waiting = 0;
    let inFlight = 0;
    for (const stage of this.stages) {
      const state = stage.batcher.state;
      if (state.kind === 'working') {
        waiting += state.waiting;
        inFlight += state.inFlight;
      } else if (state.kind === 'limited') {
        waiting += state.waiting;
      }
    }
    return waiting + inFlight === 0 ? { kind: 'idle' } : { kind: 'working', waiting, inFlight };
  }

  /** The sources not asked now (resting after an outage, or hanging on a request), in order, with why. */
  get outages(): Array<{ source: string; error: ServiceError }> {
    return this.stages.flatMap((stage) => {
      const error = stage.batcher.outage;
      return error ? [{ source: stage.name, error }] : [];
    });
  }

  async lookup(isbns: readonly string[], options: LookupOptions = {}): Promise<Map<string, LookupResult>> {
    const { signal, onProgress } = options;
    if (signal?.aborted) throw cancelledError();
    const purpose: AskPurpose = options.purpose ?? 'bulk';
    const unique = [...new Set(isbns)];
    if (this.stages.length === 0) return new Map(unique.map((isbn) => [isbn, { status: 'failed', error: noKey() }]));
    const gathered = new Map<string, Gathered>(unique.map((isbn) => [isbn, { answers: [], asked: [], unanswered: [] }]));
    const total = unique.length;
    let finished = 0;
    onProgress?.(0, total);
    // An ISBN goes on to the next source as soon as this one has answered it, not once this one
    // has answered every ISBN: Open Library's batches and Google's requests overlap (a keyless
    // Look Up All of 1,000 ISBNs had waited for all 40 Open Library requests before its first
    // Google request). Those a batch sends on go together, in one call to the next batcher.
    const ask = async (stages: readonly ChainStage[], index: number, batch: readonly string[]): Promise<void> => {
      const stage = stages[index]!;
      const last = index === stages.length - 1;
      const later: Array<Promise<void>> = [];
      let onward: string[] = [];
      const sendOnward = () => {
        if (onward.length === 0) return;
        later.push(ask(stages, index + 1, onward));
        onward = [];
      };
      const onResult = (isbn: string, result: LookupResult) => {
        const into = gathered.get(isbn)!;
        add(into, stage.name, result);
        if (!last && !into.cancelled && needsNextSource(isbn, mergeBooks(isbn, into.answers)?.book, purpose)) {
          if (onward.length === 0) queueMicrotask(sendOnward);
          onward.push(isbn);
        } else {
          onProgress?.(++finished, total);
        }
      };
      try {
        await stage.batcher.lookup(batch, { signal, urgent: options.urgent, foremost: options.foremost, onResult });
      } catch (e) {
        for (const next of later) next.catch(() => undefined); // cancelled too: said once, by this rejection
        throw e;
      }
      sendOnward();
      await Promise.all(later);
    };
    // ISBNs of one route go through it together (one route when the order is the same for all).
    const routes = new Map<string, { stages: readonly ChainStage[]; isbns: string[] }>();
    for (const isbn of unique) {
      const stages = this.stagesFor(isbn);
      const key = stages.map((s) => s.name).join(',');
      const route = routes.get(key) ?? routes.set(key, { stages, isbns: [] }).get(key)!;
      route.isbns.push(isbn);
    }
    const asked = [...routes.values()].map(({ stages, isbns }) => {
      if (stages.length > 0) return ask(stages, 0, isbns);
      // No source may be asked for these (every one chosen for them is skipped): no answer.
      finished += isbns.length;
      onProgress?.(finished, total);
      return Promise.resolve();
    });
    try {
      await Promise.all(asked);
    } catch (e) {
      for (const a of asked) a.catch(() => undefined);
      throw e;
    }
    return new Map(unique.map((isbn) => [isbn, resultOf(isbn, gathered.get(isbn)!)]));
  }

  async lookupOne(isbn: string, options: LookupOptions = {}): Promise<LookupResult> {
    return (await this.lookup([isbn], options)).get(isbn)!;
  }

  /** Queues ISBNs with the first source, and with the next ones as it lacks them (prefetch for later hovers). */
  prefetch(isbns: readonly string[], urgent = false): void {
    if (this.stages.length === 0) return;
    const wanted = isbns.filter((isbn) => this.peek(isbn) === undefined);
    if (wanted.length === 0) return;
    void this.lookup(wanted, { urgent }).catch(() => undefined);
  }

  /**
   * The answer the sources' caches hold, when it is complete for `purpose` (no source that
   * would be asked is left), `pending` while one is on its way, else undefined.
   */
  peek(isbn: string, purpose: AskPurpose = 'bulk'): LookupResult | 'pending' | undefined {
    if (this.stages.length === 0) return undefined;
    const into: Gathered = { answers: [], asked: [], unanswered: [] };
    for (const [index, stage] of this.stagesFor(isbn).entries()) {
      if (index > 0 && !needsNextSource(isbn, mergeBooks(isbn, into.answers)?.book, purpose)) break;
      const known = stage.batcher.peek(isbn);
      if (known === 'pending') return 'pending';
      if (known === undefined) return undefined;
      add(into, stage.name, known);
    }
    return resultOf(isbn, into);
  }

  /** What the caches hold, merged, without asking or waiting: for painting many at once. */
  known(isbn: string): LookupResult | undefined {
    const into: Gathered = { answers: [], asked: [], unanswered: [] };
    const stages = this.stagesFor(isbn);
    for (const stage of stages) {
      const known = stage.batcher.peek(isbn);
      if (known !== 'pending') add(into, stage.name, known);
    }
    return into.answers.length > 0 || (stages.length > 0 && into.asked.length === stages.length) ? resultOf(isbn, into) : undefined;
  }

  private emit(): void {
    this.stateChanges.publish(this.state);
  }
}

function add(into: Gathered, source: string, result: LookupResult | undefined): void {
  if (!result) return;
  if (result.status === 'found') into.answers.push({ source, book: result.book });
  else if (result.status === 'notFound') into.asked.push(source);
  else if (result.error.kind === 'cancelled') into.cancelled = result.error;
  else into.unanswered.push({ source, error: result.error });
}

/** The merged book; else "not found" from the sources that know no such ISBN; else the first failure. */
function resultOf(isbn: string, gathered: Gathered): LookupResult {
  // A national catalogue's title and persons win for its own group's books.
  const merged = mergeBooks(isbn, gathered.answers, nationalCatalogueOf(isbn));
  if (merged) return { status: 'found', book: merged.book, source: merged.provenance.base, provenance: merged.provenance };
  if (gathered.cancelled) return { status: 'failed', error: gathered.cancelled };
  if (gathered.asked.length > 0) {
    return gathered.unanswered.length > 0 ? { status: 'notFound', asked: gathered.asked, unanswered: gathered.unanswered } : { status: 'notFound', asked: gathered.asked };
  }
  const first = gathered.unanswered[0];
  if (!first) return { status: 'failed', error: noKey() };
  return gathered.unanswered.length > 1 ? { status: 'failed', error: first.error, source: first.source, unanswered: gathered.unanswered } : { status: 'failed', error: first.error, source: first.source };
}


function noKey(): ServiceError {
  return new ServiceError('auth', { why: 'noKey' });
}
