/**
 * What both launchers of the in-host suite share: the build (the extension with `node esbuild.js`,
 * the suite with esbuild into out/electron/suite/index.js), the workspace, the user settings, and
 * a `main()` that prints a failure as one line, without a stack trace.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const SUITE_SOURCE = path.join(REPO_ROOT, 'test', 'electron', 'suite', 'index.ts');
export const SUITE_BUNDLE = path.join(REPO_ROOT, 'out', 'electron', 'suite', 'index.js');
/** The suite for the browser's web worker: inside the extension's folder, so the workbench runs it where the extension runs. */
export const WEB_SUITE_BUNDLE = path.join(REPO_ROOT, 'out', 'electron', 'suite', 'web.js');
/** Where downloads and tools live: outside the repository, as for the code-server suite. */
export const CACHE_DIR = process.env.ISBN_LENS_E2E_CACHE ?? path.join(os.homedir(), '.cache', 'isbn-lens-e2e');

/** The workspace the suite opens; the suite (suite/index.ts) relies on these lines. */
export const WORKSPACE_FILES: Record<string, string> = {
  'books.md': [
    '# Reading list',
    '',
    '- The C Programming Language — ISBN 978-0-13-110362-7',
    '- A typo: ISBN 978-0-13-110362-8',
    '- An order number, not labelled, so never flagged: 9780131103628',
    '',
  ].join('\n'),
};

/** A failure the launcher explains in one line: printed without a stack trace. */
export class LaunchError extends Error {}

/** Builds the extension (`node esbuild.js`, as `npm run compile` does) and bundles the suite. */
export async function build(): Promise<void> {
  const r = spawnSync(process.execPath, ['esbuild.js'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new LaunchError(`building the extension failed (node esbuild.js, exit ${r.status}):\n${r.stderr}${r.stdout}`);
  try {
    await esbuild.build({
      entryPoints: [SUITE_SOURCE],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node22',
      external: ['vscode'],
      sourcemap: true,
      outfile: SUITE_BUNDLE,
      logLevel: 'silent',
    });
  } catch (e) {
    throw new LaunchError(`bundling the suite failed: ${(e as Error).message}`);
  }
}

/**
 * Bundles the suite for the browser's web worker, where `require` knows only `vscode`: one file,
 * `node:assert/strict` and the Node host parts replaced by their `.web.ts` twins, `env` built in.
 */
export async function buildWebSuite(env: Record<string, string>): Promise<void> {
  const suiteDir = path.dirname(SUITE_SOURCE);
  try {
    await esbuild.build({
      entryPoints: [SUITE_SOURCE],
      bundle: true,
      format: 'cjs',
      platform: 'browser',
      target: 'es2022',
      external: ['vscode'],
      define: { ISBN_LENS_SUITE_ENV: JSON.stringify(env) },
      outfile: WEB_SUITE_BUNDLE,
      logLevel: 'silent',
      plugins: [{
        name: 'web-suite-twins',
        setup(b) {
          b.onResolve({ filter: /^node:assert\/strict$/ }, () => ({ path: path.join(suiteDir, 'assert.web.ts') }));
          b.onResolve({ filter: /^\.\/suiteHost$/ }, () => ({ path: path.join(suiteDir, 'suiteHost.web.ts') }));
        },
      }],
    });
  } catch (e) {
    throw new LaunchError(`bundling the web suite failed: ${(e as Error).message}`);
  }
}

/** A temp folder for one run, removed by `cleanup()` or when the process exits (kept with ISBN_LENS_E2E_KEEP=1). */
export function makeRunDir(label: string): { root: string; workspace: string; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `isbn-lens-${label}-`));
  const workspace = path.join(root, 'workspace');
  fs.mkdirSync(workspace);
  for (const [name, text] of Object.entries(WORKSPACE_FILES)) fs.writeFileSync(path.join(workspace, name), text);
  const cleanup = (): void => {
    process.off('exit', cleanup);
    if (!process.env.ISBN_LENS_E2E_KEEP) fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on('exit', cleanup); // also after Ctrl+C: the e2e harness exits on SIGINT once it killed code-server
  return { root, workspace, cleanup };
}

/**
 * User settings of the run: the sandbox's addresses, and nothing that phones home. The suite
 * checks the book service, so it is the one source asked (the keyless sources are the e2e
 * suite's `keyless.test.ts`).
 */
export function suiteSettings(sandboxUrls: Record<string, string>): Record<string, unknown> {
  return {
    'isbnLens.baseUrls': { ...sandboxUrls },
    'isbnLens.sources': ['isbndb'],
    'telemetry.telemetryLevel': 'off',
    'telemetry.feedback.enabled': false,
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'workbench.startupEditor': 'none',
    'workbench.enableExperiments': false,
    'security.workspace.trust.enabled': false,
    'chat.disableAIFeatures': true,
    'git.enabled': false,
  };
}

/** Runs a launcher: exits with its code; a failure is one line on stderr (a stack only for a bug of the launcher). */
export function main(name: string, run: () => Promise<number>): void {
  run().then(
    (code) => process.exit(code),
    (e: unknown) => {
      const text = e instanceof LaunchError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e);
      console.error(`${name}: ${text}`);
      process.exit(1);
    },
  );
}
