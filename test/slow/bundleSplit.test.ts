/**
 * The activation bundle stays light: what every Markdown or LaTeX user loads holds none of
 * the heavy dependencies, which are in dist/lazy.js and reached through it on first use.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import '../helpers/fakeVscode';
import { withDir } from '../helpers/tempDir';

const HEAVY = ['undici', 'jsonc-parser', 'yaml', 'jpeg-js', 'pngjs'];

interface Metafile {
  outputs: Record<string, { bytes: number; inputs: Record<string, unknown> }>;
}

const { build } = require('../../esbuild.js') as { build(options: { production: boolean; outdir: string }): Promise<{ extension: Metafile; lazy: Metafile }> };

function packagesIn(metafile: Metafile): Set<string> {
  const found = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) found.add(match[1]!);
    }
  }
  return found;
}

function sourcesIn(metafile: Metafile): Set<string> {
  return new Set(Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs)));
}

test('the activation bundle holds no heavy dependency; the lazy bundle holds them and is reached from it', async () => {
  await withDir(async (outdir) => {
    const { extension, lazy } = await build({ production: true, outdir });
    const light = packagesIn(extension);
    for (const name of HEAVY) assert.ok(!light.has(name), `${name} is in dist/extension.js: reach it through await import('…') instead`);
    // The HTTP client and the CSL parsers are used today; the image decoders once covers are downscaled.
    const heavy = packagesIn(lazy);
    for (const name of ['undici', 'yaml', 'jsonc-parser']) assert.ok(heavy.has(name), `${name} should be in dist/lazy.js`);
    // What src/lazyModules.ts lists loads on first use: none of it in the activation bundle.
    const { LAZY_MODULES } = await import('../../src/lazyModules');
    const eager = sourcesIn(extension);
    assert.deepEqual(LAZY_MODULES.filter((file) => eager.has(file)), [], 'listed as lazy, yet in dist/extension.js (imported statically somewhere)');
    // The BibTeX reader is the project's own (it replaced latex-utensils): it loads with the lazy bundle too.
    assert.ok(!sourcesIn(extension).has('src/core/formats/bibtex/reader.ts'), 'the BibTeX reader is not in dist/extension.js');
    assert.ok(sourcesIn(lazy).has('src/core/formats/bibtex/reader.ts'), 'the BibTeX reader should be in dist/lazy.js');

    const activation = readFileSync(join(outdir, 'extension.js'), 'utf8');
    // The budget (issues 34, 40): what every Markdown user loads at activation.
    const bytes = Buffer.byteLength(activation);
    assert.ok(bytes <= 150_000, `dist/extension.js is ${bytes} bytes, over the 150 KB budget: move what activation does not need behind the lazy boundary`);
    assert.match(activation, /require\("\.\/lazy\.js"\)/, 'the activation bundle loads the lazy one by a relative require');
    assert.ok(existsSync(join(outdir, 'lazy.js')));
    // isbn3's range tables are a bundle of their own, shared by both, read on the first valid ISBN.
    assert.ok(!light.has('isbn3') && !heavy.has('isbn3'), 'isbn3 is in neither bundle, but in dist/isbn3.js');
    assert.match(activation, /require\("\.\/isbn3\.js"\)/, 'the activation bundle loads isbn3 by a relative require');
    const isbn3 = Module.createRequire(join(outdir, 'x.js'))('./isbn3.js') as typeof import('isbn3');
    assert.equal(isbn3.parse('9780306406157')?.isbn13h, '978-0-306-40615-7');
    // citeproc-js (issue 38) is a bundle of its own too, loaded only by the worker that formats references (dist/citeprocWorker.js).
    assert.ok(!light.has('citeproc') && !heavy.has('citeproc'), 'citeproc is in neither bundle, but in dist/citeproc.js');
    assert.ok(!sourcesIn(extension).has('src/core/citation/cslData.json'), 'the CSL styles are not in dist/extension.js');
    const lazyText = readFileSync(join(outdir, 'lazy.js'), 'utf8');
    assert.ok(!lazyText.includes('./citeproc.js'), 'dist/lazy.js loads citeproc itself: engines are built in the worker, never in the extension host');
    assert.ok(readFileSync(join(outdir, 'citeprocWorker.js'), 'utf8').includes('./citeproc.js'), 'the worker bundle does not load citeproc');
    const citeproc = Module.createRequire(join(outdir, 'x.js'))('./citeproc.js') as { Engine?: unknown };
    assert.equal(typeof citeproc.Engine, 'function');
    // Each bundle copies the vscode API's members once, not once per module that imports it.
    assert.equal(activation.match(/require\("vscode"\)/g)?.length, 1, 'dist/extension.js requires vscode once');
    assert.equal(readFileSync(join(outdir, 'lazy.js'), 'utf8').match(/require\("vscode"\)/g)?.length, 1, 'dist/lazy.js requires vscode once');
    // The lazy bundle answers each dynamic import by its source path.
    const require = Module.createRequire(join(outdir, 'x.js'));
    const parts = require('./lazy.js') as Record<string, Record<string, unknown>>;
    assert.equal(typeof parts['src/core/lookups/lookups.ts']?.Lookups, 'function');
    // The commands that do real work load on first run; what they import comes with them.
    assert.equal(typeof parts['src/editor/features/commands/annotateFile.ts']?.annotateFile, 'function');
    assert.equal(typeof parts['src/editor/features/commands/insertBibtexEntry.ts']?.insertBibtexEntry, 'function');
  });
});

test('no module of ours is in two bundles: dist/lazy.js takes what dist/extension.js holds from it, so its state exists once', async () => {
  await withDir(async (outdir) => {
    // A development build, as the issue measured it (22 modules were in both then).
    const { extension, lazy } = await build({ production: false, outdir });
    const ours = (metafile: Metafile) => new Set(Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs)).filter((f) => f.startsWith('src/')));
    const inLazy = ours(lazy);
    assert.deepEqual([...ours(extension)].filter((file) => inLazy.has(file)), [], 'modules in both bundles');

    const require = Module.createRequire(join(outdir, 'x.js'));
    const activation = require('./extension.js') as { __shared: Record<string, Record<string, unknown>> };
    const parts = require('./lazy.js') as Record<string, Record<string, unknown>>;
    // The error class, the ISBN parser (its cache) and the emitter the lazy parts use are the activation bundle's own.
    for (const shared of ['src/core/model/errors.ts', 'src/core/isbn/parse.ts', 'src/core/events.ts']) {
      assert.ok(activation.__shared[shared], `${shared} is taken from dist/extension.js`);
    }
    assert.equal(typeof parts['src/core/lookups/lookups.ts']?.Lookups, 'function');
  });
});

test('the lazy list names modules that exist, each once', async () => {
  const { LAZY_MODULES } = await import('../../src/lazyModules');
  for (const file of LAZY_MODULES) assert.ok(existsSync(join(__dirname, '../..', file)), `${file} exists`);
  assert.equal(new Set(LAZY_MODULES).size, LAZY_MODULES.length, 'no module listed twice');
});

test('the browser bundle is one file that requires only vscode, with no Node module, undici or image decoder', async () => {
  const { browserBuild, noNodeInBrowserPlugin } = require('../../esbuild.js') as {
    browserBuild(options: { production: boolean; outdir: string }): Promise<Metafile>;
    noNodeInBrowserPlugin: import('esbuild').Plugin;
  };
  await withDir(async (outdir) => {
    const metafile = await browserBuild({ production: true, outdir });
    const text = readFileSync(join(outdir, 'web', 'extension.js'), 'utf8');
    assert.deepEqual([...new Set(text.match(/require\("[^"]+"\)/g))], ['require("vscode")'], 'the worker\'s require knows only vscode');
    const packages = packagesIn(metafile);
    for (const name of ['undici', 'jpeg-js', 'pngjs']) assert.ok(!packages.has(name), `${name} is in the browser bundle`);
    const sources = sourcesIn(metafile);
    assert.ok(sources.has('src/core/host/browser/browserHost.ts') && sources.has('src/core/lookups/lookups.ts'), 'the lazy modules are inlined');
    assert.ok(!sources.has('src/editor/infrastructure/decodeUtf8.ts') && sources.has('src/editor/infrastructure/decodeUtf8.browser.ts'), 'the decoder\'s browser twin replaces it');
    assert.ok(![...sources].some((file) => file.includes('/host/node/')), 'nothing of the Node host');
  });
  // A Node built-in that sneaks in fails the build, naming who imported it.
  const esbuild = await import('esbuild');
  for (const name of ['node:fs', 'worker_threads', 'undici']) {
    await assert.rejects(
      esbuild.build({ stdin: { contents: `import * as m from '${name}'; console.log(m);`, sourcefile: 'sneaky.ts', resolveDir: process.cwd() }, bundle: true, write: false, platform: 'browser', logLevel: 'silent', plugins: [noNodeInBrowserPlugin] }),
      (e: Error) => e.message.includes(`${name} is imported by`),
    );
  }
});
