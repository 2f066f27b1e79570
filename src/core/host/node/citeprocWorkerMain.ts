/**
 * The citation worker's script (dist/citeprocWorker.js, a bundle of its own that requires
 * dist/citeproc.js): citeproc-js's engines, built and run off the extension host's thread. It is
 * handed each style's text and the locales' XML and answers with the references; one message at a
 * time, in order. citeprocWorker.ts is the host's side and says what the messages are.
 */
import { parentPort } from 'node:worker_threads';
import { CitationRenderer, type Citeproc, StyleError } from '../../citation/engine';
import type { Answer, Ask } from './citeprocWorker';

/** Engines kept: a window uses one style at a time; a renderer whose engine was let go builds it again. */
const KEEP_ENGINES = 4;

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
parentPort?.on('message', (ask: Ask) => {
  queue = queue.then(async () => {
    let reply: Answer;
    try {
      reply = await answer(ask);
    } catch (e) {
      reply = { id: ask.id, kind: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
    parentPort?.postMessage(reply);
  });
});
