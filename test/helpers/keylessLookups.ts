/**
 * The look-up owner (`Lookups`) over the Node host, against a running sandbox: for the service
 * test of the wiring and for the bench. Settings as a user would write them, keys as given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './fakeVscode';
import { Emitter } from '../../src/core/events';
import { nodeHost } from '../../src/core/host/node/nodeHost';
import { Lookups, type LookupSettings } from '../../src/core/lookups/lookups';
import type { RequestRecord } from '../../src/core/model/answers';
import type { BatcherState } from '../../src/core/model/lookup';
import { parseBaseUrl } from '../../src/core/model/plans';
import { parseSourceUrl, parseSources } from '../../src/core/sources/sourceSettings';
import type { Sandbox } from '../sandbox/server';
import './fakeVscode';
import { lookupLog } from '../../src/editor/words/log';

export interface TestLookups {
  lookups: Lookups;
  logLines: string[];
  requests: RequestRecord[];
  /** The global storage folder the Node host keeps its records in (`options.dir`, or a temp one of its own). */
  dir: string;
  close(): Promise<void>;
}

/**
 * `dir`: a global storage folder to use (and keep) instead of a new temp one, removed by `close()`:
 * several owners given the same folder share its records (the shared rate, the cache) as several
 * VS Code windows do.
 */
export async function keylessLookups(sandbox: Sandbox, options: { sources?: unknown; key?: string; googleKey?: string; dir?: string } = {}): Promise<TestLookups> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'isbn-lens-lookups-'));
  const sourceUrls = { openLibrary: sandbox.keyless.urls.openLibrary, openLibraryCovers: sandbox.keyless.urls.openLibraryCovers, googleBooks: sandbox.keyless.urls.googleBooks, ...sandbox.catalogues.urls };
  const settings: LookupSettings = {
    plan: 'default',
    baseUrl: () => parseBaseUrl(sandbox.urls.default),
    // Open Library and Google Books (and the book service), as before the library catalogues came:
    // a test of the catalogues names them.
    sources: parseSources(options.sources ?? ['isbndb', 'openLibrary', 'googleBooks']),
    sourceUrl: (name) => parseSourceUrl(sourceUrls, name),
    batchSize: 100,
    requestTimeoutMs: 20_000,
    onDidChange: () => ({ dispose: () => undefined }),
    changed: () => false,
  };
  const keySource = (key: string | undefined) => ({ get: async () => key, onDidChange: () => ({ dispose: () => undefined }) });
  const logLines: string[] = [];
  const requests: RequestRecord[] = [];
  const log = lookupLog({
    info: (m: string) => logLines.push(`info: ${m}`),
    warn: (m: string) => logLines.push(`warn: ${m}`),
    error: (m: string) => logLines.push(`error: ${m}`),
    request: (r: RequestRecord) => requests.push(r),
  });
  const emitters = { changed: new Emitter<void>(), books: new Emitter<void>(), state: new Emitter<BatcherState>(), request: new Emitter<RequestRecord>(), key: new Emitter<void>() };
  const lookups = new Lookups(settings, keySource(options.key), log, nodeHost(dir, '0.1.0'), emitters, { version: '0.1.0', googleKeys: keySource(options.googleKey) });
  await Promise.all([lookups.cacheLoaded, lookups.firstConnect]);
  return {
    lookups,
    logLines,
    requests,
    dir,
    close: async () => {
      await lookups.close();
      lookups.dispose();
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
