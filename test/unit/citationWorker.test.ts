/**
 * The citation worker's host side (core/host/citeprocWorker.ts), on a fake worker and fake
 * time: one worker per window, started on the first engine and ended when idle; a crashed or hung
 * worker fails what was asked of it and a new one, with the engine built again, serves the next
 * ask; an answer nobody waits for any more is dropped. The real worker: test/slow/citationWorker.test.ts.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { test } from 'node:test';
import { CitationWorkerError, StyleError } from '../../src/core/citation/engine';
import { BUILD_TIMEOUT_MS, CiteprocWorker, IDLE_MS, RENDER_TIMEOUT_MS, type Answer, type Ask, type WorkerLike } from '../../src/core/host/citeprocWorker';

const STYLE = '<style xmlns="http://purl.org/net/xbiblio/csl" version="1.0"><info/></style>';
const LOCALES = { texts: { 'en-US': '<locale xml:lang="en-US"/>' }, fallback: '<locale xml:lang="en-US"/>' };
const ITEM = { id: 'r0', type: 'book' as const, title: 'The TeXbook' };

class FakeWorker extends EventEmitter implements WorkerLike {
  readonly asks: Ask[] = [];
  terminated = false;
  postMessage(message: Ask): void {
    this.asks.push(message);
  }
  terminate(): Promise<number> {
    this.terminated = true;
    return Promise.resolve(1);
  }
  answer(answer: Answer): void {
    this.emit('message', answer);
  }
  /** Answers the last ask as a working worker would. */
  answerLast(): void {
    const ask = this.asks.at(-1);
    assert.ok(ask);
    if (ask.kind === 'build') this.answer({ id: ask.id, kind: 'built', ms: 1 });
    else this.answer({ id: ask.id, kind: 'references', references: ask.items.map((item) => ({ id: item.id, text: `text ${item.id}`, markdown: `*md ${item.id}*` })) });
  }
}

function setUp() {
  const workers: FakeWorker[] = [];
  const engines = new CiteprocWorker({
    locales: () => LOCALES,
    start: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
  });
  return { workers, engines };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A renderer of STYLE, its engine built on the first fake worker. */
async function madeRenderer(workers: FakeWorker[], engines: CiteprocWorker) {
  const making = engines.make(STYLE, 'en-US');
  await answered(() => workers[0], 1);
  return making;
}

/** Waits until the worker has been asked `count` times (without answering). */
async function asked(worker: FakeWorker, count: number): Promise<void> {
  for (let i = 0; i < 20 && worker.asks.length < count; i++) await turn();
  assert.ok(worker.asks.length >= count);
}

/** Waits until the fake worker has been asked something new, and answers it. */
async function answered(worker: () => FakeWorker | undefined, count: number): Promise<void> {
  for (let i = 0; i < 20 && (worker()?.asks.length ?? 0) < count; i++) await turn();
  const w = worker();
  assert.ok(w && w.asks.length >= count, `the worker was asked ${w?.asks.length ?? 0} times, not ${count}`);
  w.answerLast();
}

test('no worker before the first engine; one worker builds every style, sent the style and the locales, and renders', async () => {
  const { workers, engines } = setUp();
  assert.equal(workers.length, 0);
  const making = engines.make(`<?xml version="1.0"?>\n${STYLE}`, 'de-DE');
  await answered(() => workers[0], 1);
  const renderer = await making;
  const build = workers[0].asks[0];
  assert.equal(build.kind, 'build');
  assert.ok(build.kind === 'build' && build.style === STYLE && build.locale === 'de-DE' && build.locales === LOCALES, 'the style body (no XML declaration), the locale and the locales are sent');

  const second = engines.make(STYLE, 'en-US');
  await answered(() => workers[0], 2);
  await second;
  assert.equal(workers.length, 1, 'one worker for the window');

  const rendering = renderer.bibliography([ITEM]);
  await answered(() => workers[0], 3);
  assert.deepEqual(await rendering, [{ id: 'r0', text: 'text r0', markdown: '*md r0*' }]);
  const render = workers[0].asks[2];
  assert.ok(render.kind === 'render' && build.kind === 'build' && render.engine === build.engine, 'rendered by the engine built for it');
  assert.deepEqual(await renderer.bibliography([]), [], 'nothing to render asks nothing');
  assert.equal(workers[0].asks.length, 3);
  engines.dispose();
  assert.ok(workers[0].terminated, 'ended on dispose');
});

test('a style the host refuses never reaches a worker; one the processor cannot read is a StyleError', async () => {
  const { workers, engines } = setUp();
  await assert.rejects(engines.make('<html/>', 'en-US'), (e: unknown) => e instanceof StyleError && e.problem === 'notCsl');
  assert.equal(workers.length, 0);
  const making = engines.make(STYLE, 'en-US');
  for (let i = 0; i < 20 && !workers[0]?.asks.length; i++) await turn();
  workers[0].answer({ id: workers[0].asks[0].id, kind: 'style', problem: 'unreadable' });
  await assert.rejects(making, (e: unknown) => e instanceof StyleError && e.problem === 'unreadable');
  engines.dispose();
});

test('idle for IDLE_MS, the worker is ended; the next reference starts a new one and builds its engine again', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { workers, engines } = setUp();
  const renderer = await madeRenderer(workers, engines);
  t.mock.timers.tick(IDLE_MS - 1);
  assert.equal(workers[0].terminated, false, 'kept while used');
  t.mock.timers.tick(1);
  assert.equal(workers[0].terminated, true, 'ended when idle');
  assert.equal(engines.started, false);

  const rendering = renderer.bibliography([ITEM]);
  await answered(() => workers[1], 1);
  assert.equal(workers[1].asks[0].kind, 'build', 'the engine is built again on the new worker');
  await answered(() => workers[1], 2);
  assert.equal((await rendering).length, 1);
  engines.dispose();
});

test('a crashed worker fails what was asked (a CitationWorkerError) and a new worker serves the next ask', async () => {
  const { workers, engines } = setUp();
  const renderer = await madeRenderer(workers, engines);
  const rendering = renderer.bibliography([ITEM]);
  await asked(workers[0], 2);
  workers[0].emit('error', new Error('out of memory'));
  await assert.rejects(rendering, (e: unknown) => e instanceof CitationWorkerError && e.why === 'crashed');
  assert.ok(workers[0].terminated);

  const again = renderer.bibliography([ITEM]);
  await answered(() => workers[1], 1);
  await answered(() => workers[1], 2);
  assert.equal((await again)[0]?.text, 'text r0');
  // The old worker's late words change nothing.
  workers[0].emit('exit', 1);
  assert.equal(engines.started, true);
  engines.dispose();
});

test('a hung worker: the ask fails after its timeout, the worker is ended, and its late answer is dropped', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { workers, engines } = setUp();
  const making = engines.make(STYLE, 'en-US');
  for (let i = 0; i < 20 && !workers[0]?.asks.length; i++) await turn();
  t.mock.timers.tick(BUILD_TIMEOUT_MS);
  await assert.rejects(making, (e: unknown) => e instanceof CitationWorkerError && e.why === 'hung');
  assert.ok(workers[0].terminated);
  workers[0].answerLast();

  const second = engines.make(STYLE, 'en-US');
  await answered(() => workers[1], 1);
  const renderer = await second;
  const rendering = renderer.bibliography([ITEM]);
  await asked(workers[1], 2);
  t.mock.timers.tick(RENDER_TIMEOUT_MS);
  await assert.rejects(rendering, (e: unknown) => e instanceof CitationWorkerError && e.why === 'hung');
  engines.dispose();
});

test('a caller that stops waiting leaves the worker free: the next ask is answered', async () => {
  const { workers, engines } = setUp();
  const renderer = await madeRenderer(workers, engines);
  // A hover asks and is closed before the answer: nobody awaits it.
  void renderer.bibliography([ITEM]);
  await answered(() => workers[0], 2);
  const next = renderer.bibliography([{ ...ITEM, id: 'r1' }]);
  await answered(() => workers[0], 3);
  assert.equal((await next)[0]?.id, 'r1');
  engines.dispose();
  await assert.rejects(renderer.bibliography([ITEM]), (e: unknown) => e instanceof CitationWorkerError && e.why === 'ended');
});

test('an engine the worker let go is built again, once', async () => {
  const { workers, engines } = setUp();
  const renderer = await madeRenderer(workers, engines);
  const rendering = renderer.bibliography([ITEM]);
  await asked(workers[0], 2);
  workers[0].answer({ id: workers[0].asks[1].id, kind: 'gone' });
  await answered(() => workers[0], 3);
  assert.equal(workers[0].asks[2].kind, 'build');
  await answered(() => workers[0], 4);
  assert.equal((await rendering).length, 1);
  engines.dispose();
});
