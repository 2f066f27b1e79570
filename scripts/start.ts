/**
 * `npm start`: ISBN Lens in VS Code against the local sandbox: its emulations of Open Library and
 * Google Books answer the first hover with no key set; its book service, with a demo key, shows
 * what a key adds.
 *
 *   1. builds the extension,
 *   2. opens samples/ in desktop VS Code when `code` is on the PATH (the extension under
 *      development, a dedicated profile in .e2e/demo-profile), otherwise in code-server on
 *      127.0.0.1 (installed by test/e2e/setup.sh on the first run),
 *   3. with the sandbox (demo catalogue, fixed demo keys) on 127.0.0.1, and prints what to do next.
 *
 * Says what it does, one line per stage with a rough time; a failed stage is named, with the
 * tail of its log and what to try. Runs until Ctrl+C (or until the desktop window is closed),
 * then stops everything it started.
 *   npm start             desktop VS Code if `code` is on the PATH, else code-server
 *   npm start -- --web    code-server even when `code` is on the PATH
 *   npm start -- --browser  code-server with ISBN Lens's browser build in the browser's web worker,
 *                         as on vscode.dev (the sandbox book service sends no cross-origin permission,
 *                         as the real one may not; ISBN_LENS_DEMO_CORS=allow makes it send it)
 * ISBN_LENS_DEMO_PORT picks code-server's port (default 8397; kept from run to run so that the
 * browser keeps the key you set, which code-server stores in the browser).
 * ISBN_LENS_DEMO_DIR is where the demo keeps its VS Code profile (default .e2e/ in the clone).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startSandbox, type Sandbox } from '../test/sandbox/server';
import { keylessLines } from '../test/sandbox/keyless/banner';
import { catalogueLines } from '../test/sandbox/catalogues/banner';
import { codeServerHost, prepareCodeServer, QUIET_SETTINGS, REPO_ROOT, startCodeServer, stopCodeServer, tail } from '../test/e2e/harness';
import { sandboxSettings } from '../test/e2e/session';

const SAMPLES = path.join(REPO_ROOT, 'samples');
const DEMO_DIR = path.resolve(process.env.ISBN_LENS_DEMO_DIR ?? path.join(REPO_ROOT, '.e2e'));
const DEFAULT_PORT = 8397;
/** ISBN Lens's browser build, in the browser's web worker (VS Code for the Web). */
const BROWSER = process.argv.includes('--browser');
const STARTED = Date.now();

/** Stops what was started, in reverse order; each at most once. */
const teardown: Array<() => Promise<void> | void> = [];
let stopping: Promise<never> | undefined;

/**
 * Ctrl+C reaches us more than once (from the terminal, then relayed by npm and tsx): later
 * signals wait for the first stop instead of exiting halfway through it.
 */
function stop(code: number): Promise<never> {
  stopping ??= (async () => {
    console.log('\nStopping the ISBN Lens demo…');
    for (const step of teardown.reverse()) await Promise.resolve(step()).catch(() => undefined);
    process.exit(code);
  })();
  return stopping;
}

/** A stage that failed: what was being done, what it said (the tail of its log), what to try. */
class StageFailure extends Error {
  constructor(
    readonly stage: string,
    readonly detail: string,
    readonly hint: string,
  ) {
    super(`${stage} failed`);
  }
}

/** Says what is being done and roughly how long it takes (one line), then does it. */
async function stage<T>(what: string, about: string, hint: string, run: () => T | Promise<T>): Promise<T> {
  console.log(`${what}, ${about}…`);
  try {
    return await run();
  } catch (e) {
    throw e instanceof StageFailure ? e : new StageFailure(what, e instanceof Error ? e.message : String(e), hint);
  }
}

/** Runs an npm script quietly; on failure throws with the tail of its output. */
function npmRun(script: string): void {
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run ${script} exited with ${r.status ?? r.signal}:\n${tail(`${r.stdout ?? ''}${r.stderr ?? ''}`.trimEnd(), 40)}`);
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function printNextSteps(sandbox: Sandbox, open: string): void {
  const seconds = Math.round((Date.now() - STARTED) / 1000);
  console.log(
    [
      '',
      `ISBN Lens is running against the local sandbox book service (ready in ${seconds} s).`,
      '',
      `  ${open}`,
      '  Open reading-list.md and hover an ISBN: no key is needed, the book comes from the sandbox\'s',
      '  Open Library and Google Books, or a library catalogue, and the hover names its source',
      '  (the German book in reading-list.md comes from the Deutsche Nationalbibliothek).',
      `  Demo API key (default plan): ${sandbox.keys.default}`,
      '  To see what the book service adds, run "ISBN Lens: Set API Key" from the command palette and paste it.',
      '',
      `  Sandbox: ${sandbox.urls.default} (default plan, 1 request/s). Press Ctrl+C to stop.`,
      '  Keyless services beside it (no key needed):',
      ...keylessLines(sandbox.keyless.info()),
      '  Library catalogues beside it (no key needed):',
      ...catalogueLines(sandbox.catalogues.info()),
      '',
    ].join('\n'),
  );
}

const BUILD_HINT = 'run `npm run compile` to see every message; if npm packages are missing or stale, run `npm ci`';

/** Desktop VS Code: the extension under development, in its own profile, until its window closes. */
async function startDesktop(): Promise<void> {
  await stage('Building the extension', 'about 10 seconds', BUILD_HINT, () => npmRun('compile'));
  const sandbox = await startDemoSandbox();
  const profile = path.join(DEMO_DIR, 'demo-profile');
  await stage('Opening VS Code on samples/', 'a few seconds', 'run `code --version` to check that VS Code starts, or use `npm start -- --web`', () => {
    writeSettings(path.join(profile, 'User', 'settings.json'), { ...QUIET_SETTINGS, ...sandboxSettings(sandbox) });
    const code: ChildProcess = spawn(
      'code',
      ['--new-window', '--wait', '--disable-extensions', `--extensionDevelopmentPath=${REPO_ROOT}`, '--user-data-dir', profile, SAMPLES],
      { stdio: 'inherit' },
    );
    // `code` hands the window to a VS Code process of its own: close that too (found by our profile folder).
    teardown.push(() => {
      code.kill('SIGTERM');
      for (const pid of processesUsing(profile)) signal(pid, 'SIGTERM');
    });
    code.on('exit', () => void stop(0));
  });
  printNextSteps(sandbox, 'VS Code opens samples/ with ISBN Lens (Extension Development Host).');
}

/** code-server on loopback with the packaged extension, until Ctrl+C. */
async function startCodeServerDemo(): Promise<void> {
  await stage('Building and packaging the extension', 'about 10 seconds', BUILD_HINT, () => npmRun('package'));
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const vsixPath = path.join(REPO_ROOT, `${pkg.name}-${pkg.version}.vsix`);

  // The first run installs Node 24 and code-server (setup.sh prints a line per stage).
  await stage(
    'Checking the VS Code host (Node 24 + code-server)',
    'a second, or about 3 minutes on the first run',
    'run `bash test/e2e/setup.sh` to see the install on its own; the full log is in the folder it names',
    () => {
      try {
        return codeServerHost();
      } catch {
        // setup.sh has printed the stage that failed, the tail of its log and what to try.
        throw new Error('(test/e2e/setup.sh says why above)');
      }
    },
  );
  const sandbox = await startDemoSandbox();
  const root = path.join(DEMO_DIR, 'demo-code-server');
  const logFile = path.join(root, 'code-server.log');
  const server = await stage(
    'Starting VS Code (code-server on 127.0.0.1)',
    'about 10 seconds',
    `see ${logFile}; another port: ISBN_LENS_DEMO_PORT=8400 npm start`,
    async () => {
      // code-server's sockets live in TMPDIR, and socket paths are limited to 107 bytes.
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'isbn-lens-demo-'));
      teardown.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
      const userSettings = { ...sandboxSettings(sandbox), ...(BROWSER ? { 'remote.extensionKind': { 'isbnlens.isbn-lens': ['web'] } } : {}) };
      const setup = prepareCodeServer(root, { vsixPath, userSettings, env: { TMPDIR: tmp } });
      const preferredPort = Number(process.env.ISBN_LENS_DEMO_PORT ?? DEFAULT_PORT);
      const started = await startCodeServer(setup, SAMPLES, { logFile, preferredPort });
      teardown.push(() => stopCodeServer(started.pid));
      return started;
    },
  );
  printNextSteps(sandbox, `Open http://127.0.0.1:${server.port}/?folder=${encodeURIComponent(SAMPLES).replace(/%2F/g, '/')} in your browser.`);
}

async function startDemoSandbox(): Promise<Sandbox> {
  return stage('Starting the sandbox book service on 127.0.0.1', 'a second', 'run `npm run sandbox` to see it start on its own', async () => {
    const sandbox = await startSandbox({ host: '127.0.0.1', cors: process.env.ISBN_LENS_DEMO_CORS === 'allow' ? 'allow' : 'none' });
    teardown.push(() => sandbox.close());
    return sandbox;
  });
}

/** Merges `values` into a settings.json, keeping what the user changed there. */
function writeSettings(file: string, values: Record<string, unknown>): void {
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    /* missing, or with comments: start afresh */
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...current, ...values }, null, 2));
}

/** Processes whose command line names `dir` (the VS Code of our demo profile). */
function processesUsing(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir)) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone */
  }
}

async function main(): Promise<void> {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void stop(0));
  const web = BROWSER || process.argv.includes('--web') || !onPath('code');
  await (web ? startCodeServerDemo() : startDesktop());
}

main().catch(async (e) => {
  if (e instanceof StageFailure) {
    console.error(`\nnpm start: FAILED while ${e.stage[0]!.toLowerCase()}${e.stage.slice(1)}.\n${e.detail.trimEnd()}\nTo try: ${e.hint}.`);
  } else {
    console.error(e instanceof Error ? e.message : e);
  }
  await stop(1);
});
