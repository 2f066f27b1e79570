// Bundles the extension for the extension host: dist/extension.js, loaded on every Markdown,
// LaTeX or text file, dist/lazy.js, loaded on first use, and dist/isbn3.js, loaded on the first
// valid ISBN. Shape follows the official generator's esbuild template. For VS Code for the Web,
// dist/web/extension.js (package.json's "browser"): one self-contained file, see browserBuild.
//
// The split is by list: src/lazyModules.ts names every module that loads on first use. Each
// dynamic `import('./x')` of our source becomes `require('./lazy.js')[key]` in the activation
// bundle (an import of a module not on the list fails the build), and dist/lazy.js is one entry
// point that exports every listed module. One lazy bundle rather than one per import: the heavy
// parts share most of their code (the client, the cache, the BibTeX parser), and one file keeps
// one copy of it and one load for the first request. What the lazy bundle needs of modules
// that are in the activation bundle it takes from dist/extension.js, never a copy of its own:
// the build fails if any of our modules is in both. CommonJS throughout, because esbuild
// splits code only for ESM output.
const path = require('node:path');
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const ROOT = __dirname;
const SRC = path.join(ROOT, 'src') + path.sep;
const LAZY_BUNDLE = 'lazy.js';
const ISBN3_BUNDLE = 'isbn3.js';
const CITEPROC_BUNDLE = 'citeproc.js';
const CITEPROC_WORKER_BUNDLE = 'citeprocWorker.js';

/** Prints errors in the format of the `$esbuild-watch` problem matcher. */
const problemMatcherPlugin = {
  name: 'esbuild-problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * Gives every module the same `vscode` namespace, copied once. esbuild wraps each `import * as
 * vscode from 'vscode'` of an external CommonJS module in its own `__toESM(require('vscode'))`,
 * which copies every member of the API (some 250) into a fresh object: 30 copies, about 3 ms of
 * activation. Routing the imports through one ES module that re-exports 'vscode' makes it one.
 */
const vscodeOncePlugin = {
  name: 'isbn-lens-vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' });
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * Makes a package a bundle of its own beside dist/lazy.js, that the bundles require (or import)
 * from there: given where to write, the plugin also builds it; without, it only points the imports
 * at it. The browser build inlines them.
 *
 * isbn3, dist/isbn3.js, both bundles require when the first checksum-valid ISBN needs its ranges:
 * its tables are 36 KB of the 100 KB that every Markdown file compiled at activation, and most of
 * those files hold no ISBN. One copy of its parse cache serves both bundles.
 *
 * citeproc-js (the CSL processor, about 370 KB), dist/citeproc.js, that dist/lazy.js imports only
 * when the first reference is formatted (core/citation/render.ts imports it with import()): the
 * look-ups that load dist/lazy.js do not pay for it.
 */
function ownBundlePlugin(name, file, options, outdir) {
  return {
    name: `isbn-lens-${name}-bundle`,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${name}$`) }, () => ({ path: `./${file}`, external: true }));
      build.onEnd(async (result) => {
        if (result.errors.length > 0 || outdir === undefined) return;
        await esbuild.build({ ...options, entryPoints: [require.resolve(name)], outfile: path.join(outdir, file) });
      });
    },
  };
}

const isbn3BundlePlugin = (options, outdir) => ownBundlePlugin('isbn3', ISBN3_BUNDLE, options, outdir);
const citeprocBundlePlugin = (options, outdir) => ownBundlePlugin('citeproc', CITEPROC_BUNDLE, options, outdir);

/** The key under which dist/lazy.js exports a module: its path from the project root. */
function lazyKey(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/** src/lazyModules.ts's list, as absolute paths. */
function lazyModules() {
  const { outputFiles } = esbuild.buildSync({ entryPoints: [path.join(SRC, 'lazyModules.ts')], format: 'cjs', write: false, logLevel: 'silent' });
  const module = { exports: {} };
  new Function('module', 'exports', outputFiles[0].text)(module, module.exports);
  return new Set(module.exports.LAZY_MODULES.map((file) => path.join(ROOT, file)));
}

/** Our modules among a bundle's inputs, as absolute paths. */
function sourceInputs(metafile) {
  const files = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const input of Object.keys(output.inputs)) {
      const file = path.resolve(ROOT, input);
      if (file.startsWith(SRC)) files.add(file);
    }
  }
  return files;
}

/** In the activation bundle: each dynamic import of our source, a listed module, becomes a require of dist/lazy.js. */
function lazyImportsPlugin(listed) {
  return {
    name: 'isbn-lens-lazy-imports',
    setup(build) {
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || !args.importer.startsWith(SRC)) return undefined;
        const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (!listed.has(resolved.path)) {
          return { errors: [{ text: `${lazyKey(resolved.path)} is loaded with import() but is not in src/lazyModules.ts: list it there (it then loads from dist/lazy.js), or import it statically.` }] };
        }
        return { path: lazyKey(resolved.path), namespace: 'lazy-import' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-import' }, (args) => ({
        contents: `module.exports = require('./${LAZY_BUNDLE}')[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
      build.onResolve({ filter: new RegExp(`^\\./${LAZY_BUNDLE.replace('.', '\\.')}$`), namespace: 'lazy-import' }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/**
 * In the lazy bundle: a module of ours that the activation bundle holds is taken from it
 * (`require('./extension.js').__shared[key]`), so that it exists once. `taken` collects them:
 * the activation bundle then exports exactly those.
 */
function sharedFromActivationPlugin(inActivation, taken) {
  return {
    name: 'isbn-lens-shared-from-activation',
    setup(build) {
      build.onResolve({ filter: /^[./]/ }, async (args) => {
        if (args.namespace === 'shared-from-activation' || args.pluginData?.shared) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { shared: true } });
        if (resolved.errors.length > 0 || !inActivation.has(resolved.path)) return undefined;
        taken.add(resolved.path);
        return { path: lazyKey(resolved.path), namespace: 'shared-from-activation' };
      });
      build.onLoad({ filter: /.*/, namespace: 'shared-from-activation' }, (args) => ({
        contents: `module.exports = require('./extension.js').__shared[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
      build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'shared-from-activation' }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/** What both bundles share. */
const common = {
  bundle: true,
  format: 'cjs',
  // Node 22 is the extension host of VS Code 1.101, the oldest that engines.vscode admits.
  target: 'node22',
  platform: 'node',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  external: ['vscode'],
  // jsonc-parser's "main" is a UMD build whose require('./impl/…') calls a bundler cannot
  // follow; its "module" build is plain ESM.
  mainFields: ['module', 'main'],
  logLevel: 'silent',
};

/**
 * Builds the bundles into `outdir`; returns esbuild's metafile of each (what the bundle-content
 * test reads). Three passes: the activation bundle, to learn which of our modules it holds; the
 * lazy bundle, taking those from it; the activation bundle again, exporting what was taken.
 */
async function build({ production: prod = production, outdir = path.join(ROOT, 'dist') } = {}) {
  const options = { ...common, minify: prod, sourcemap: !prod };
  const listed = lazyModules();
  const entry = path.join(ROOT, 'src/extension.ts');
  const first = await esbuild.build({ ...options, entryPoints: [entry], write: false, metafile: true, plugins: [vscodeOncePlugin, isbn3BundlePlugin(), citeprocBundlePlugin(), lazyImportsPlugin(listed)] });
  const inActivation = sourceInputs(first.metafile);

  const modules = [...listed].sort();
  const taken = new Set();
  const lazy = await esbuild.build({
    ...options,
    stdin: {
      contents: modules.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`).join('\n') +
        `\nexport default {${modules.map((file, i) => `${JSON.stringify(lazyKey(file))}: m${i}`).join(', ')}};\n`,
      resolveDir: ROOT,
      sourcefile: 'lazy-entry.js',
      loader: 'js',
    },
    outfile: path.join(outdir, LAZY_BUNDLE),
    // `require('./lazy.js')[key]`: the default export's members, not the ES module namespace.
    footer: { js: 'module.exports = module.exports.default;' },
    metafile: true,
    plugins: [vscodeOncePlugin, isbn3BundlePlugin(), citeprocBundlePlugin(options, outdir), sharedFromActivationPlugin(inActivation, taken)],
  });

  // The citation worker's script (src/core/host/node/citeprocWorker.ts starts it): the engine
  // code only, requiring dist/citeproc.js; the styles and locales are sent to it.
  await esbuild.build({
    ...options,
    entryPoints: [path.join(SRC, 'core/host/node/citeprocWorkerMain.ts')],
    outfile: path.join(outdir, CITEPROC_WORKER_BUNDLE),
    plugins: [citeprocBundlePlugin()],
  });

  const shared = [...taken].sort();
  const extension = await esbuild.build({
    ...options,
    stdin: {
      contents: `export * from ${JSON.stringify(entry)};\n` +
        shared.map((file, i) => `import * as s${i} from ${JSON.stringify(file)};`).join('\n') +
        `\n/** Modules of this bundle that dist/lazy.js uses: one copy of each, shared. */\nexport const __shared = {${shared.map((file, i) => `${JSON.stringify(lazyKey(file))}: s${i}`).join(', ')}};\n`,
      resolveDir: ROOT,
      sourcefile: 'extension-entry.js',
      loader: 'js',
    },
    outfile: path.join(outdir, 'extension.js'),
    metafile: true,
    plugins: [vscodeOncePlugin, isbn3BundlePlugin(options, outdir), lazyImportsPlugin(listed)],
  });

  const inLazy = sourceInputs(lazy.metafile);
  const twice = [...sourceInputs(extension.metafile)].filter((file) => inLazy.has(file)).map(lazyKey);
  if (twice.length > 0) throw new Error(`These modules are in both dist/extension.js and dist/lazy.js, so their state would exist twice: ${twice.join(', ')}`);
  return { extension: extension.metafile, lazy: lazy.metafile };
}

/** Modules the browser bundle takes in place of Node-only ones, by path from the project root. */
const BROWSER_TWINS = {
  'src/editor/infrastructure/decodeUtf8.ts': 'src/editor/infrastructure/decodeUtf8.browser.ts',
  'src/editor/infrastructure/localFiles.ts': 'src/editor/infrastructure/localFiles.browser.ts',
  // No worker_threads: the citation engines run in the web worker's own thread.
  'src/core/host/citationEngines.ts': 'src/core/host/citationEngines.browser.ts',
};

/** Puts each module's browser twin in its place (see BROWSER_TWINS). */
const browserTwinsPlugin = {
  name: 'isbn-lens-browser-twins',
  setup(build) {
    build.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData?.twin) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: { twin: true } });
      const twin = resolved.errors.length === 0 ? BROWSER_TWINS[lazyKey(resolved.path)] : undefined;
      return twin ? { path: path.join(ROOT, twin) } : undefined;
    });
  },
};

const NODE_BUILTINS = new Set(require('node:module').builtinModules);

/**
 * Fails the browser build on any Node built-in (`node:fs`, `worker_threads`, …) and on undici,
 * naming who imported it: the web worker has none of them, and a package's "browser" field
 * could otherwise swap one for an empty module that fails only when used.
 */
const noNodeInBrowserPlugin = {
  name: 'isbn-lens-no-node-in-browser',
  setup(build) {
    build.onResolve({ filter: /^(node:|undici$|[a-z_]+(\/|$))/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!args.path.startsWith('node:') && !NODE_BUILTINS.has(name) && name !== 'undici') return undefined;
      return { errors: [{ text: `${args.path} is imported by ${path.relative(ROOT, args.importer)}, but the browser bundle (dist/web/extension.js) must hold no Node module: put it behind a host seam (src/core/host/) or give it a browser twin (BROWSER_TWINS in esbuild.js).` }] };
    });
  },
};

/**
 * `citeproc-web-worker-source` in the browser bundle: the browser's citation worker script
 * (src/core/host/browser/citeprocWebWorkerMain.ts, citeproc-js inlined) as a string, that
 * src/core/host/citationEngines.browser.ts starts as a Worker from a blob URL: the web-worker
 * extension host cannot load a worker script from the extension's files.
 */
function citeprocWebWorkerSourcePlugin(prod) {
  return {
    name: 'isbn-lens-citeproc-web-worker-source',
    setup(build) {
      build.onResolve({ filter: /^citeproc-web-worker-source$/ }, () => ({ path: 'citeproc-web-worker-source', namespace: 'citeproc-web-worker-source' }));
      build.onLoad({ filter: /.*/, namespace: 'citeproc-web-worker-source' }, async () => {
        const worker = await esbuild.build({
          ...common,
          minify: prod,
          sourcemap: false,
          platform: 'browser',
          target: 'es2022',
          format: 'iife',
          entryPoints: [path.join(SRC, 'core/host/browser/citeprocWebWorkerMain.ts')],
          write: false,
          plugins: [noNodeInBrowserPlugin],
        });
        return { contents: `export default ${JSON.stringify(worker.outputFiles[0].text)};`, loader: 'js' };
      });
    },
  };
}

/**
 * The browser bundle, dist/web/extension.js: the extension for VS Code for the Web's web-worker
 * extension host. There `require` knows only 'vscode' and a relative import() resolves against
 * the workbench's folder, so it is one file: the lazy modules and isbn3 inlined (esbuild turns
 * each dynamic import of a bundled module into a promise of it), its Node-only parts replaced by
 * their twins and the browser host. Returns esbuild's metafile.
 */
async function browserBuild({ production: prod = production, outdir = path.join(ROOT, 'dist') } = {}) {
  const result = await esbuild.build({
    ...common,
    minify: prod,
    sourcemap: !prod,
    platform: 'browser',
    target: 'es2022',
    entryPoints: [path.join(SRC, 'extension.browser.ts')],
    outfile: path.join(outdir, 'web', 'extension.js'),
    metafile: true,
    plugins: [vscodeOncePlugin, browserTwinsPlugin, citeprocWebWorkerSourcePlugin(prod), noNodeInBrowserPlugin],
  });
  return result.metafile;
}

async function buildAll(options) {
  const node = await build(options);
  const browser = await browserBuild(options);
  return { ...node, browser };
}

async function main() {
  if (!watch) {
    await buildAll();
    return;
  }
  // Watches the sources through the activation bundle's graph, and makes all bundles again on each change.
  const ctx = await esbuild.context({
    ...common,
    entryPoints: [path.join(ROOT, 'src/extension.ts')],
    write: false,
    plugins: [vscodeOncePlugin, isbn3BundlePlugin(common), lazyImportsPlugin(lazyModules()), problemMatcherPlugin, {
      name: 'isbn-lens-build-all',
      setup(b) {
        b.onEnd(async (result) => {
          if (result.errors.length === 0) await buildAll({ production: false }).catch((e) => console.error(`✘ [ERROR] ${e.message}`));
        });
      },
    }],
  });
  await ctx.watch();
}

module.exports = { build, browserBuild, buildAll, noNodeInBrowserPlugin, citeprocWebWorkerSourcePlugin };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
