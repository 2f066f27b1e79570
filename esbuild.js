// Bundles the extension for the extension host: dist/extension.js, loaded on every Markdown,
// LaTeX or text file, dist/lazy.js, loaded on first use, and dist/isbn3.js, loaded on the first
// valid ISBN. Shape follows the official generator's esbuild template.
//
// The split is by convention, not by list: every dynamic `import('./x')` in our source becomes
// `require('./lazy.js')` in the activation bundle, and dist/lazy.js is one entry point that
// re-exports every module so imported. One lazy bundle rather than one per import: the heavy
// parts share most of their code (the client, the cache, the BibTeX parser), and one file keeps
// one copy of it and one load for the first request. CommonJS throughout, because esbuild splits
// code only for ESM output.
const path = require('node:path');
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const ROOT = __dirname;
const SRC = path.join(ROOT, 'src') + path.sep;
const LAZY_BUNDLE = 'lazy.js';
const ISBN3_BUNDLE = 'isbn3.js';

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
 * Makes isbn3 a bundle of its own, dist/isbn3.js, that both bundles require when the first
 * checksum-valid ISBN needs its ranges: its tables are 36 KB of the 100 KB that every Markdown
 * file compiled at activation, and most of those files hold no ISBN. One copy of its parse cache
 * serves both bundles. Given where to write, the plugin also builds dist/isbn3.js; without, it
 * only points the imports at it.
 */
function isbn3BundlePlugin(options, outdir) {
  return {
    name: 'isbn-lens-isbn3-bundle',
    setup(build) {
      build.onResolve({ filter: /^isbn3$/ }, () => ({ path: `./${ISBN3_BUNDLE}`, external: true }));
      build.onEnd(async (result) => {
        if (result.errors.length > 0 || outdir === undefined) return;
        await esbuild.build({ ...options, entryPoints: [require.resolve('isbn3')], outfile: path.join(outdir, ISBN3_BUNDLE) });
      });
    },
  };
}

/** The key under which dist/lazy.js exports a module: its path from the project root. */
function lazyKey(file) {
  return path.relative(ROOT, file).split(path.sep).join('/');
}

/**
 * Turns each dynamic import of our source into a require of dist/lazy.js, and after each build
 * of the activation bundle builds dist/lazy.js from the modules so imported.
 */
function lazyImportsPlugin(options, outdir) {
  return {
    name: 'isbn-lens-lazy-imports',
    setup(build) {
      const lazy = new Set();
      build.onStart(() => lazy.clear());
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== 'dynamic-import' || !args.importer.startsWith(SRC)) return undefined;
        const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        lazy.add(resolved.path);
        return { path: lazyKey(resolved.path), namespace: 'lazy-import' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-import' }, (args) => ({
        contents: `module.exports = require('./${LAZY_BUNDLE}')[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
      build.onResolve({ filter: new RegExp(`^\\./${LAZY_BUNDLE.replace('.', '\\.')}$`), namespace: 'lazy-import' }, (args) => ({ path: args.path, external: true }));
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return;
        const modules = [...lazy].sort();
        const contents = modules.map((file, i) => `import * as m${i} from ${JSON.stringify(file)};`).join('\n') +
          `\nexport default {${modules.map((file, i) => `${JSON.stringify(lazyKey(file))}: m${i}`).join(', ')}};\n`;
        const built = await esbuild.build({
          ...options,
          stdin: { contents, resolveDir: ROOT, sourcefile: 'lazy-entry.js', loader: 'js' },
          outfile: path.join(outdir, LAZY_BUNDLE),
          // `require('./lazy.js')[key]`: the default export's members, not the ES module namespace.
          footer: { js: 'module.exports = module.exports.default;' },
          metafile: true,
          plugins: [vscodeOncePlugin, isbn3BundlePlugin()],
        });
        result.lazyMetafile = built.metafile;
      });
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
 * Builds both bundles once into `outdir`; returns esbuild's metafile of each (what the
 * bundle-content test reads).
 */
async function build({ production: prod = production, outdir = path.join(ROOT, 'dist') } = {}) {
  const options = { ...common, minify: prod, sourcemap: !prod };
  const result = await esbuild.build({
    ...options,
    entryPoints: [path.join(ROOT, 'src/extension.ts')],
    outfile: path.join(outdir, 'extension.js'),
    metafile: true,
    plugins: [vscodeOncePlugin, isbn3BundlePlugin(options, outdir), lazyImportsPlugin(options, outdir)],
  });
  return { extension: result.metafile, lazy: result.lazyMetafile };
}

async function main() {
  if (!watch) {
    await build();
    return;
  }
  const ctx = await esbuild.context({
    ...common,
    entryPoints: [path.join(ROOT, 'src/extension.ts')],
    outfile: path.join(ROOT, 'dist/extension.js'),
    plugins: [vscodeOncePlugin, isbn3BundlePlugin(common, path.join(ROOT, 'dist')), lazyImportsPlugin(common, path.join(ROOT, 'dist')), problemMatcherPlugin],
  });
  await ctx.watch();
}

module.exports = { build };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
