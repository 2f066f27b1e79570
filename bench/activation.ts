// Activation cost: what every Markdown, LaTeX or plain-text user pays whether or not they care
// about ISBNs. Builds the production bundles, prints each one's size, and times loading the
// activation bundle and running `activate()` against a do-nothing `vscode`, in fresh Node
// processes (median), beside the floor: loading an empty bundle in the same processes.
// Lazy parts (every other .js file in dist/) are timed as the first request pays them.
// Run: `npx tsx bench/activation.ts`, or import benchActivation() from the bench runner.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const DIST = join(ROOT, 'dist');
const PROCESSES = Number(process.env.BENCH_PROCESSES) || 20;

/** Runs in each child: a `vscode` whose every member is a no-op, then floor, bundle, activate(), lazy parts. */
const CHILD = String.raw`
const Module = require('node:module');
const { performance } = require('node:perf_hooks');
const noop = () => {};
// Every member, call and construction gives another such object; what is assigned is kept.
function fakeObject() {
  const own = new Map();
  return new Proxy(function () {}, {
    get(target, key) {
      if (own.has(key)) return own.get(key);
      if (key === 'then') return undefined;            // not a promise
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === Symbol.iterator) return function* () {};
      if (key === 'dispose') return noop;
      if (key === 'event' || /^onDid|^onWill/.test(String(key))) return () => ({ dispose: noop });
      return fakeObject();
    },
    set(target, key, value) { own.set(key, value); return true; },
    defineProperty(target, key, descriptor) { own.set(key, descriptor.value); return true; },
    apply() { return fakeObject(); },
    construct() { return fakeObject(); },
  });
}
const fake = fakeObject();
const load = Module._load;
const [names, emptyBundle, bundle, storage, ...lazy] = process.argv.slice(2);
// A bundle copies the module's own members (esbuild's __toESM), so each top-level name is one.
const vscode = Object.fromEntries(JSON.parse(names).map((name) => [name, fake]));
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const context = {
  subscriptions: [],
  secrets: { get: async () => undefined, store: async () => {}, delete: async () => {}, onDidChange: () => ({ dispose: noop }) },
  globalState: { get: () => undefined, update: async () => {}, keys: () => [] },
  workspaceState: { get: () => undefined, update: async () => {}, keys: () => [] },
  globalStorageUri: { fsPath: storage }, storageUri: undefined, extensionUri: { fsPath: storage }, extensionPath: storage,
  extensionMode: 1, logUri: { fsPath: storage },
  // activate() reads the version for the keyless sources' User-Agent.
  extension: { packageJSON: { name: 'isbn-lens', version: '0.0.0-bench' } },
};
(async () => {
  let t = performance.now();
  require(emptyBundle).activate(context);
  const floor = performance.now() - t;
  t = performance.now();
  const extension = require(bundle);
  const loaded = performance.now() - t;
  await extension.activate(context);
  const activated = performance.now() - t;
  const lazyMs = {};
  for (const file of lazy) { const s = performance.now(); require(file); lazyMs[file] = performance.now() - s; }
  process.stdout.write(JSON.stringify({ floor, loaded, activated, lazyMs }));
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function benchActivation(): Promise<Record<string, number | string>> {
  execFileSync(process.execPath, [join(ROOT, 'esbuild.js'), '--production'], { cwd: ROOT, stdio: 'inherit' });
  const bundles = readdirSync(DIST).filter((f) => f.endsWith('.js'));
  const lazy = bundles.filter((f) => f !== 'extension.js').map((f) => join(DIST, f));
  const work = mkdtempSync(join(tmpdir(), 'isbn-lens-activation-'));
  const empty = join(work, 'empty.js');
  writeFileSync(empty, 'exports.activate = function () {};\n');
  const child = join(work, 'child.js');
  writeFileSync(child, CHILD);

  const declarations = readFileSync(join(ROOT, 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = JSON.stringify([...new Set([...declarations.matchAll(/^\t?export (?:namespace|class|enum|const|function|let) (\w+)/gm)].map((m) => m[1]))]);
  const runs: { floor: number; loaded: number; activated: number; lazyMs: Record<string, number> }[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const storage = mkdtempSync(join(work, 'storage-'));
    const out = execFileSync(process.execPath, [child, names, empty, join(DIST, 'extension.js'), storage, ...lazy], { cwd: ROOT, encoding: 'utf8' });
    runs.push(JSON.parse(out));
  }
  const result: Record<string, number | string> = {};
  for (const file of bundles) result[`size of dist/${file} (KB)`] = Math.round(statSync(join(DIST, file)).size / 1024);
  // VS Code for the Web loads one file, all of it at activation: no undici, no image decoders, nothing of the Node host.
  result['size of dist/web/extension.js, the browser entry (KB)'] = Math.round(statSync(join(DIST, 'web', 'extension.js')).size / 1024);
  // Issue 38: what the references add to it (citeproc-js and the CSL styles and locales, inlined there).
  const web = await webBundleParts();
  result["of which citeproc-js, as the nested worker's script (bytes)"] = web.citeproc;
  result['of which the CSL styles and locales (bytes)'] = web.styles;
  result['of which the rest of src/core/citation (bytes)'] = web.citation;
  result['floor: load an empty bundle (ms, median)'] = round(median(runs.map((r) => r.floor)));
  result['load the activation bundle (ms, median)'] = round(median(runs.map((r) => r.loaded)));
  result['load + activate() (ms, median)'] = round(median(runs.map((r) => r.activated)));
  result['load + activate() above the floor (ms; target <= 15)'] = round(median(runs.map((r) => r.activated - r.floor)));
  for (const file of lazy) {
    result[`first use pays: load dist/${file.split('/').pop()} (ms, median)`] = round(median(runs.map((r) => r.lazyMs[file] ?? NaN)));
  }
  result['Node processes'] = PROCESSES;
  return result;
}

/** The bytes of the browser bundle that come from citeproc-js, from the bundled styles and locales, and from the rest of src/core/citation, by esbuild's metafile. */
async function webBundleParts(): Promise<{ citeproc: number; styles: number; citation: number }> {
  const { browserBuild } = createRequire(__filename)(join(ROOT, 'esbuild.js')) as { browserBuild(options: { production: boolean; outdir: string }): Promise<{ outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }> };
  const metafile = await browserBuild({ production: true, outdir: mkdtempSync(join(tmpdir(), 'isbn-lens-web-')) });
  const parts = { citeproc: 0, styles: 0, citation: 0 };
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      // citeproc-js is inlined once, as the nested worker's script (a string esbuild.js builds apart).
      if (input.includes('node_modules/citeproc/') || input.includes('citeproc-web-worker-source')) parts.citeproc += bytesInOutput;
      else if (input.endsWith('src/core/citation/cslData.json')) parts.styles += bytesInOutput;
      else if (input.includes('src/core/citation/')) parts.citation += bytesInOutput;
    }
  }
  return parts;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

if (require.main === module) {
  benchActivation().then((r) => console.table(r), (e) => { console.error(e); process.exit(1); });
}
