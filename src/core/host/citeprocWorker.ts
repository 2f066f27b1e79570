/**
 * The citation engines in a worker: citeproc-js in a `worker_threads` Worker on the Node host
 * (node/citeprocWorkerMain.ts, bundled as dist/citeprocWorker.js) or in a Worker nested in the
 * browser's web-worker extension host (browser/citeprocWebWorkerMain.ts, its code inlined as a
 * blob), so that building a style's engine (0.7–1.8 s for APA and the Chicago styles,
 * docs/performance.md) never holds the extension host's thread. The host sends the style's text,
 * the locales' XML and the CSL-JSON items; the worker answers with the references
 * (citeprocWorkerAnswers.ts, the same on both).
 *
 * One worker per window (per CiteprocWorker), started on the first engine, ended when idle for
 * IDLE_MS and on dispose. A worker that crashes, exits or does not answer in time fails what was
 * asked of it (a CitationWorkerError: the hover shows no line, the copy command says it could not
 * format) and is ended; the next ask starts a new one, where each renderer builds its engine again.
 * A caller that stops waiting (a hover closed) leaves nothing behind: the worker answers one
 * message at a time and an answer nobody waits for is dropped.
 */
import { CitationWorkerError, StyleError, checkedStyleBody, type CitationEngines, type LocaleTexts, type Reference, type ReferenceRenderer } from '../citation/engine';
import type { CslItem } from '../citation/cslItem';
import type { StyleProblem } from '../citation/styleText';
import type { BundledLocale } from '../citation/styles';

/** What the host asks the worker. */
export type Ask =
  | { id: number; kind: 'build'; engine: number; style: string; locale: BundledLocale; locales: LocaleTexts }
  | { id: number; kind: 'render'; engine: number; items: readonly CslItem[] };

/** What the worker answers, by the ask's id. */
export type Answer =
  | { id: number; kind: 'built'; ms: number }
  | { id: number; kind: 'style'; problem: StyleProblem | 'unreadable' }
  | { id: number; kind: 'references'; references: Reference[] }
  | { id: number; kind: 'gone' }
  | { id: number; kind: 'failed'; message: string };

/** The part of a Worker used here (a Node Worker; a web Worker through browser/webWorker.ts; a test's fake one). */
export interface WorkerLike {
  postMessage(message: Ask): void;
  on(event: 'message', listener: (answer: Answer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
  unref?(): void;
}

/** Ended after this long without an ask: its memory (some tens of MB) given back; the next reference starts it again. */
export const IDLE_MS = 5 * 60_000;
/** Building an engine takes up to 1.8 s on a loaded machine; a worker silent for this long is hung. */
export const BUILD_TIMEOUT_MS = 30_000;
/** Rendering a bibliography takes milliseconds; a worker silent for this long is hung. */
export const RENDER_TIMEOUT_MS = 15_000;

export interface CiteprocWorkerOptions {
  /** Starts a worker (node/citeprocWorker.ts, browser/webWorker.ts). */
  start: () => WorkerLike;
  locales: () => LocaleTexts;
  idleMs?: number;
  buildTimeoutMs?: number;
  renderTimeoutMs?: number;
}

interface Waiting {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class CiteprocWorker implements CitationEngines {
  private worker?: WorkerLike;
  /** Which worker it is: a renderer built on an earlier one builds its engine again. */
  private generation = 0;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private nextEngine = 1;
  private idle?: ReturnType<typeof setTimeout>;
  private disposed = false;

  constructor(private readonly options: CiteprocWorkerOptions) {}

  async make(style: string, locale: BundledLocale): Promise<ReferenceRenderer> {
    const renderer = new WorkerRenderer(this, checkedStyleBody(style), locale);
    await renderer.build();
    return renderer;
  }

  /** Builds `style`'s engine in the current worker (starting one): its number and the worker's generation. */
  async build(style: string, locale: BundledLocale): Promise<{ engine: number; generation: number }> {
    const engine = this.nextEngine++;
    const { answer, generation } = await this.ask({ kind: 'build', engine, style, locale, locales: this.options.locales() }, this.options.buildTimeoutMs ?? BUILD_TIMEOUT_MS);
    if (answer.kind === 'style') throw new StyleError(answer.problem);
    if (answer.kind !== 'built') throw new CitationWorkerError('crashed');
    return { engine, generation };
  }

  /** Renders with an engine of the current worker; undefined if the worker no longer has it. */
  async render(engine: number, generation: number, items: readonly CslItem[]): Promise<Reference[] | undefined> {
    if (generation !== this.generation || !this.worker) return undefined;
    const { answer } = await this.ask({ kind: 'render', engine, items }, this.options.renderTimeoutMs ?? RENDER_TIMEOUT_MS);
    if (answer.kind === 'gone') return undefined;
    if (answer.kind !== 'references') throw new CitationWorkerError('crashed');
    return answer.references;
  }

  private ask(message: Omit<Extract<Ask, { kind: 'build' }>, 'id'> | Omit<Extract<Ask, { kind: 'render' }>, 'id'>, timeoutMs: number): Promise<{ answer: Answer; generation: number }> {
    if (this.disposed) return Promise.reject(new CitationWorkerError('ended'));
    const worker = this.running();
    const generation = this.generation;
    const id = this.nextId++;
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    return new Promise<{ answer: Answer; generation: number }>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(worker, new CitationWorkerError('hung')), timeoutMs);
      this.waiting.set(id, { resolve: (answer) => resolve({ answer, generation }), reject, timer });
      worker.postMessage({ ...message, id } as Ask);
    });
  }

  private running(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.options.start();
    // The window closes without waiting for the worker.
    worker.unref?.();
    worker.on('message', (answer: Answer) => this.answered(worker, answer));
    worker.on('error', () => this.fail(worker, new CitationWorkerError('crashed')));
    worker.on('exit', () => this.fail(worker, new CitationWorkerError('crashed')));
    this.worker = worker;
    this.generation++;
    return worker;
  }

  private answered(worker: WorkerLike, answer: Answer): void {
    if (worker !== this.worker) return;
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    this.waiting.delete(answer.id);
    clearTimeout(waiting.timer);
    waiting.resolve(answer);
    if (this.waiting.size === 0) this.idle = setTimeout(() => this.end(), this.options.idleMs ?? IDLE_MS);
  }

  /** The worker failed (crashed, exited, hung): every ask of it fails, and the next ask starts a new one. */
  private fail(worker: WorkerLike, error: Error): void {
    if (worker !== this.worker) return;
    this.end(error);
  }

  private end(error: Error = new CitationWorkerError('ended')): void {
    const worker = this.worker;
    this.worker = undefined;
    if (this.idle) clearTimeout(this.idle);
    this.idle = undefined;
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.waiting.clear();
    void worker?.terminate().catch(() => undefined);
  }

  /** Whether a worker is running (for the tests and the bench). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.end();
  }
}

/** A style's engine in the worker, built again on a new worker when the one it was on has gone. */
class WorkerRenderer implements ReferenceRenderer {
  private built?: Promise<{ engine: number; generation: number }>;

  constructor(private readonly worker: CiteprocWorker, private readonly style: string, readonly locale: BundledLocale) {}

  build(): Promise<{ engine: number; generation: number }> {
    const built = this.worker.build(this.style, this.locale);
    this.built = built;
    built.catch(() => this.built === built && (this.built = undefined));
    return built;
  }

  async bibliography(items: readonly CslItem[]): Promise<Reference[]> {
    if (items.length === 0) return [];
    const { engine, generation } = await (this.built ?? this.build());
    const references = await this.worker.render(engine, generation, items);
    if (references) return references;
    // The worker it was built on has gone (ended when idle, crashed) or let the engine go: built again, once.
    const again = await this.build();
    const retried = await this.worker.render(again.engine, again.generation, items);
    if (!retried) throw new CitationWorkerError('crashed');
    return retried;
  }
}
