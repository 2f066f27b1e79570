/**
 * One source down (issue 33), through the same look-up owner as the extension (`Lookups` over
 * the Node host), against the sandbox with a keyless source at a dead host
 * (test/helpers/deadHosts.ts): a hover's time to the first book it can show, against the hover's
 * wait, and Annotate's 41 ISBNs (40 known to the book service) against the keyless timeout, with
 * the requests and connections the dead hosts got. A hover is timed as `answerBy` asks
 * (test/helpers/outage.ts `hoverAnswer`), with the file's ISBNs prefetched where it has a key
 * (the hover's default scope); the second hover is on another ISBN of the file, a second later.
 */
import { HOVER_WAIT_MS } from '../src/core/model/lookup';
import { KEYLESS_TIMEOUT_MS } from '../src/core/sources/keyless/request';
import { blackHole, failing, UNRESOLVABLE_URL } from '../test/helpers/deadHosts';
import { keylessLookups } from '../test/helpers/keylessLookups';
import { hoverAnswer, pointedAt, type HoverAnswer } from '../test/helpers/outage';
import { sleep } from '../test/helpers/time';
import { DEMO_BOOKS, KEYLESS_DEMO, startSandbox, type Sandbox } from '../test/sandbox/server';

type Row = Record<string, number | string>;

const round = (n: number) => Math.round(n * 100) / 100;

export async function benchOutage(): Promise<Row[]> {
  const sandbox = await startSandbox();
  // The client keeps to the default plan's 1 request/s; the sandbox's count is not what is measured.
  sandbox.setRate('default', 100);
  try {
    return [await keyHovers(sandbox), await keylessHovers(sandbox, 'black hole'), await keylessHovers(sandbox, 'unresolvable'), await annotate(sandbox)];
  } finally {
    await sandbox.close();
  }
}

/** Annotate's file: the 40 books the book service knows (the demo books first), and one nobody knows. */
function document(sandbox: Sandbox): string[] {
  return [...sandbox.catalogue.books.slice(0, 40).map((b) => b.isbn13), KEYLESS_DEMO.unknown];
}

function hoverFigures(first: HoverAnswer, second: HoverAnswer): Row {
  const from = (h: HoverAnswer) => (h.result.status === 'found' ? (h.result.source ?? 'found') : h.result.status);
  return {
    'first hover ms': round(first.ms),
    [`÷ hover's wait (${HOVER_WAIT_MS} ms)`]: round(first.ms / HOVER_WAIT_MS),
    'second hover ms': round(second.ms),
    '÷ wait': round(second.ms / HOVER_WAIT_MS),
    'book from': `${from(first)}, ${from(second)}`,
  };
}

/** What the dead hosts got: connections to the black hole (it reads no request), requests to the 503 host. */
function deadHosts(connections: number, requests?: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return [`black hole ${plural(connections, 'connection')}`, ...(requests === undefined ? [] : [`503 host ${plural(requests, 'request')}`])].join(', ');
}

/** With the book service's key: Open Library a black hole, Google Books 503; the first hover on a sparse record (it asks the keyless sources for the rest). */
async function keyHovers(sandbox: Sandbox): Promise<Row> {
  const [hole, unavailable] = await Promise.all([blackHole(), failing(503)]);
  const run = await keylessLookups(pointedAt(sandbox, { openLibrary: hole.url, googleBooks: unavailable.url }), { key: sandbox.keys.default });
  try {
    const file = document(sandbox);
    const first = await hoverAnswer(run.lookups, DEMO_BOOKS.checkDigits, file);
    await sleep(1000);
    const second = await hoverAnswer(run.lookups, DEMO_BOOKS.stranger, file);
    return {
      run: 'key; Open Library a black hole, Google Books 503',
      ...hoverFigures(first, second),
      'dead hosts got': deadHosts(hole.connections, unavailable.requests),
    };
  } finally {
    await run.close();
    await Promise.all([hole.close(), unavailable.close()]);
  }
}

/**
 * No key: Open Library down, Google Books up; a book only Google has, then another. A black
 * hole holds the first hover's own request until the keyless timeout (what queues behind it goes
 * on at the stall); an unresolvable name fails at once.
 */
async function keylessHovers(sandbox: Sandbox, kind: 'black hole' | 'unresolvable'): Promise<Row> {
  const hole = kind === 'black hole' ? await blackHole() : undefined;
  const run = await keylessLookups(pointedAt(sandbox, { openLibrary: hole?.url ?? UNRESOLVABLE_URL }));
  try {
    const first = await hoverAnswer(run.lookups, KEYLESS_DEMO.googleBooksOnly);
    await sleep(1000);
    const second = await hoverAnswer(run.lookups, KEYLESS_DEMO.keylessBoth);
    return {
      run: `no key; Open Library ${kind === 'black hole' ? 'a black hole' : 'unresolvable (.invalid)'}, Google Books up`,
      ...hoverFigures(first, second),
      'dead hosts got': hole ? deadHosts(hole.connections) : `${run.requests.filter((r) => r.source === 'Open Library').length} request sent to the name`,
    };
  } finally {
    await run.close();
    await hole?.close();
  }
}

/** Annotate on 41 ISBNs, cold, with a key: Open Library a black hole, Google Books 503 (the issue's 60 s). */
async function annotate(sandbox: Sandbox): Promise<Row> {
  const [hole, unavailable] = await Promise.all([blackHole(), failing(503)]);
  const run = await keylessLookups(pointedAt(sandbox, { openLibrary: hole.url, googleBooks: unavailable.url }), { key: sandbox.keys.default });
  try {
    const file = document(sandbox);
    const began = performance.now();
    const results = await run.lookups.chain.lookup(file);
    const ms = performance.now() - began;
    const unknown = results.get(KEYLESS_DEMO.unknown);
    const after = await hoverAnswer(run.lookups, DEMO_BOOKS.checkDigits);
    return {
      run: 'Annotate, 41 ISBNs (40 known to the book service), key; Open Library a black hole, Google Books 503',
      'elapsed s': round(ms / 1000),
      [`÷ keyless timeout (${KEYLESS_TIMEOUT_MS / 1000} s)`]: round(ms / KEYLESS_TIMEOUT_MS),
      'found': [...results.values()].filter((r) => r.status === 'found').length,
      'the 41st': unknown?.status === 'notFound' ? `not found: ${(unknown.asked ?? ['isbndb']).join(', ')}; not asked: ${(unknown.unanswered ?? []).map((u) => `${u.source} (${u.error.kind})`).join(', ')}` : (unknown?.status ?? 'none'),
      'a hover after it ms': round(after.ms),
      'dead hosts got': deadHosts(hole.connections, unavailable.requests),
    };
  } finally {
    await run.close();
    await Promise.all([hole.close(), unavailable.close()]);
  }
}
