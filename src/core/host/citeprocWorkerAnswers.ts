/**
 * The citation worker's side (node/citeprocWorkerMain.ts, browser/citeprocWebWorkerMain.ts):
 * citeproc-js's engines built and run off the extension host's thread, handed each style's text
 * and the locales' XML; one ask at a time, in order. citeprocWorker.ts is the host's side and says
 * what the messages are.
 */
import { CitationRenderer, type Citeproc, StyleError } from '../citation/engine';
import type { Answer, Ask } from './citeprocWorker';

/** Engines kept: a window uses one style at a time; a renderer whose engine was let go builds it again. */
const KEEP_ENGINES = 4;

/** Answers each ask through `post`, one after the other. */
export function serveAsks(post: (answer: Answer) => void): (ask: Ask) => void {
  const engines = new Map<number, CitationRenderer>();
  let processor: Promise<Citeproc> | undefined;

  async function answer(ask: Ask): Promise<Answer> {
    if (ask.kind === 'build') {
      processor ??= import('citeproc').then((m) => m.default);
      const started = performance.now();
      let renderer: CitationRenderer;
      try {
        renderer = new CitationRenderer(await processor, ask.style, ask.locale, ask.locales);
      } catch (e) {
        return { id: ask.id, kind: 'style', problem: e instanceof StyleError ? e.problem : 'unreadable' };
      }
      engines.set(ask.engine, renderer);
      for (const old of engines.keys()) if (engines.size > KEEP_ENGINES) engines.delete(old);
      return { id: ask.id, kind: 'built', ms: performance.now() - started };
    }
    const renderer = engines.get(ask.engine);
    if (!renderer) return { id: ask.id, kind: 'gone' };
    return { id: ask.id, kind: 'references', references: renderer.bibliography(ask.items) };
  }

  let queue = Promise.resolve();
  return (ask) => {
    queue = queue.then(async () => {
      let reply: Answer;
      try {
        reply = await answer(ask);
      } catch (e) {
        reply = { id: ask.id, kind: 'failed', message: e instanceof Error ? e.message : String(e) };
      }
      post(reply);
    });
  };
}
