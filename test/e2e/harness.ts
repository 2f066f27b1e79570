/**
 * End-to-end harness: runs an extension in a real VS Code (code-server 4.139.1, i.e. the VS Code
 * 1.139 workbench with a Node extension host) and drives the workbench in Chromium through
 * playwright-core, as a user would: keyboard, mouse, command palette, hovers, notifications.
 *
 * code-server and Node 24 are installed by `test/e2e/setup.sh` into a cache folder outside the
 * repository; this module runs that script itself when the install is missing.
 *
 * Runs under tsx on the system Node (20); code-server runs on Node 24 in its own process group.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export type { Browser, Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');
export const CODE_SERVER_VERSION = '4.139.1';
const CHROMIUM = process.env.ISBN_LENS_E2E_CHROMIUM ?? '/usr/bin/chromium';
const MARKER = '.install-complete';

// ------------------------------------------------------------------------------------------
// Public types
// ------------------------------------------------------------------------------------------

export interface LaunchOptions {
  /** A packaged extension, installed with `code-server --install-extension`. */
  vsixPath?: string;
  /** An unpacked extension folder (with package.json), copied in as `publisher.name-version`. */
  extensionFolder?: string;
  /** The folder opened in the workbench. */
  workspace: string;
  /** Merged over the harness's quiet defaults in `User/settings.json`. */
  userSettings?: Record<string, unknown>;
  /** Browser viewport; default 1400x900. */
  viewport?: { width: number; height: number };
  /** Extra environment for code-server (and so for the extension host). */
  env?: Record<string, string>;
  /** Time allowed for the server and the workbench to come up; default 90 s. */
  startupTimeoutMs?: number;
  /** Label used for the temp folder. */
  name?: string;
  /** code-server's `--log` level (`trace` prints where each extension runs); default ISBN_LENS_E2E_LOG, else code-server's. */
  logLevel?: string;
  /** VS Code's display language (`--locale`), e.g. `de`; see `installDisplayLanguage`. Default English. */
  displayLanguage?: string;
}

export interface StartupTimings {
  /** Spawning code-server until it answers /healthz. */
  serverMs: number;
  /** Page navigation until `.monaco-workbench` and the extension host are up. */
  workbenchMs: number;
  /** Whole launchVsCode, including extension install and browser start. */
  totalMs: number;
}

export interface VsCodeSession {
  page: Page;
  browser: Browser;
  context: BrowserContext;
  userDataDir: string;
  extensionsDir: string;
  workspace: string;
  /** Workbench URL, with `?folder=`. */
  url: string;
  /** The temp folder that holds user data, extensions, logs; removed by close(). */
  tempDir: string;
  timings: StartupTimings;
  /** Kills Chromium and the whole code-server process tree; never throws; idempotent. */
  close(opts?: { keepTemp?: boolean }): Promise<void>;
  /** Text of the extension host's own log (activations, errors thrown by extensions). */
  exthostLog(): string;
  /** Text of the extension's output channels (LogOutputChannel / OutputChannel), by file. */
  outputChannelLogs(): Record<string, string>;
  /** code-server's stdout and stderr. */
  serverLog(): string;
  /** Console messages and page errors from the workbench in the browser. */
  browserLog(): string[];
  /**
   * What extensions in the browser's web-worker host wrote to their console (`[Extension Host] …`)
   * and the workbench's lines on where each extension runs (`pickRunningLocation`, with `--log
   * trace`): kept whole, apart from the bounded `browserLog`.
   */
  workerConsole(): string[];
  /** Saves a PNG to test-results/e2e/<name>.png; returns its path. */
  screenshot(name: string): Promise<string>;
  /** Waits until the extension host log says the extension was activated. */
  waitForActivation(extensionId: string, timeoutMs?: number): Promise<void>;
  /** Opens another workbench window (a new tab of the same browser profile, its own extension host). */
  openWindow(): Promise<Page>;
  /** Reloads a window (default: `page`) and waits for its new extension host. */
  reloadWindow(p?: Page): Promise<void>;
  /** Waits until a line of an extension output channel matches (e.g. "activated" at the end of activate()). */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Copies logs (and a screenshot) to test-results/e2e/<name>/; returns that folder. */
  saveArtifacts(name: string): Promise<string>;
}

// ------------------------------------------------------------------------------------------
// code-server install
// ------------------------------------------------------------------------------------------

/**
 * The folder holding node24/ and node_modules/code-server; runs setup.sh if not installed. Its
 * stage lines ("installing code-server, about 3 minutes…") go straight to our stderr, so a
 * first run shows what it is doing; a failure's error holds the tail of setup.sh's log.
 */
export function codeServerHost(): string {
  const cache = process.env.ISBN_LENS_E2E_CACHE ?? path.join(os.homedir(), '.cache', 'isbn-lens-e2e');
  const host = process.env.ISBN_LENS_E2E_HOST ?? path.join(cache, `code-server-${CODE_SERVER_VERSION}-node24`);
  if (fs.existsSync(path.join(host, MARKER))) return host;
  const r = spawnSync('bash', [path.join(__dirname, 'setup.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) {
    const log = path.join(cache, 'setup.log');
    throw new Error(`test/e2e/setup.sh failed (exit ${r.status ?? r.signal}); the end of ${log}:\n${tail(safeRead(log).trimEnd(), 45)}`);
  }
  const last = r.stdout.trim().split('\n').pop() ?? '';
  if (!fs.existsSync(path.join(last, MARKER))) throw new Error(`setup.sh printed ${last}, which has no ${MARKER}`);
  return last;
}

function nodeAndEntry(host: string): { node: string; entry: string; env: NodeJS.ProcessEnv } {
  const node = path.join(host, 'node24', 'bin', 'node');
  const entry = path.join(host, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Variables that would make code-server behave as a CLI of another running VS Code, or pass
  // the test runner's options to the server's Node.
  for (const k of Object.keys(env)) {
    if (k.startsWith('VSCODE_') || k === 'ELECTRON_RUN_AS_NODE' || k === 'NODE_OPTIONS' || k === 'NODE_TEST_CONTEXT') {
      delete env[k];
    }
  }
  env.PATH = `${path.dirname(node)}${path.delimiter}${env.PATH ?? ''}`;
  return { node, entry, env };
}

// ------------------------------------------------------------------------------------------
// Process bookkeeping: nothing is left running, whatever happens
// ------------------------------------------------------------------------------------------

const liveServers = new Set<number>();
const liveTempDirs = new Set<string>();
let exitHandlersInstalled = false;

/** The pid and all its descendants, read from /proc (children first). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const ent of safeReaddir('/proc')) {
    if (!/^\d+$/.test(ent)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${ent}/stat`, 'utf8');
      // pid (comm) state ppid ...; comm may contain spaces and parentheses
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(ent));
      children.set(ppid, list);
    } catch {
      /* process went away */
    }
  }
  const out: number[] = [];
  const walk = (pid: number): void => {
    for (const c of children.get(pid) ?? []) walk(c);
    out.push(pid);
  };
  walk(rootPid);
  return out;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killTreeSync(pid: number, signal: NodeJS.Signals): void {
  const tree = processTree(pid);
  try {
    process.kill(-pid, signal); // the process group made by `detached: true`
  } catch {
    /* gone */
  }
  for (const p of tree) {
    try {
      process.kill(p, signal); // anything that left the group
    } catch {
      /* gone */
    }
  }
}

function installExitHandlers(): void {
  if (exitHandlersInstalled) return;
  exitHandlersInstalled = true;
  const cleanup = (): void => {
    for (const pid of liveServers) killTreeSync(pid, 'SIGKILL');
    liveServers.clear();
    if (!process.env.ISBN_LENS_E2E_KEEP) {
      for (const d of liveTempDirs) fs.rmSync(d, { recursive: true, force: true });
    }
    liveTempDirs.clear();
  };
  process.on('exit', cleanup);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      // A program with its own handler (npm start) stops things its way; the 'exit' handler
      // above still kills whatever it left.
      if (process.listenerCount(sig) > 0) return;
      cleanup();
      process.exit(128 + (os.constants.signals[sig] ?? 0));
    });
  }
}

// ------------------------------------------------------------------------------------------
// Launch
// ------------------------------------------------------------------------------------------

/** Settings that keep the workbench quiet and offline: no telemetry, tips, popups or updates. */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'telemetry.telemetryLevel': 'off',
  'telemetry.feedback.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.settings.enableNaturalLanguageSearch': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.editor.enablePreview': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'window.commandCenter': false,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'npm.fetchOnlinePackageInfo': false,
  'typescript.disableAutomaticTypeAcquisition': true,
  'editor.accessibilitySupport': 'off',
  'editor.minimap.enabled': false,
  'editor.hover.enabled': true,
  'editor.hover.delay': 300,
  'editor.hover.sticky': true,
  'editor.stickyScroll.enabled': false,
  'remote.autoForwardPorts': false,
  'remote.restoreForwardedPorts': false,
  'files.autoSave': 'off',
  'files.hotExit': 'off',
};

/** One code-server instance's folders, environment and Node, prepared by `prepareCodeServer`. */
export interface CodeServerSetup {
  node: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  userDataDir: string;
  extensionsDir: string;
  /** code-server's own config file: no password, no TLS (it listens on loopback only). */
  configFile: string;
  logLevel?: string;
  displayLanguage?: string;
}

/**
 * Prepares a code-server instance under `root`: user data with `userSettings` over the quiet
 * defaults, an extensions folder with the extension installed, and an environment that keeps it
 * offline and out of the user's home folder. Used by the tests and by `npm start`.
 */
export function prepareCodeServer(
  root: string,
  opts: Pick<LaunchOptions, 'vsixPath' | 'extensionFolder' | 'userSettings' | 'env' | 'logLevel' | 'displayLanguage'> = {},
): CodeServerSetup {
  const { node, entry, env } = nodeAndEntry(codeServerHost());
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const xdgDir = path.join(root, 'xdg');
  for (const d of [path.join(userDataDir, 'User'), extensionsDir, xdgDir]) fs.mkdirSync(d, { recursive: true });
  // No extension gallery (code-server's default is open-vsx.org): nothing to look up, offline.
  env.EXTENSIONS_GALLERY = '{}';
  // Keep code-server's own config and state out of the user's home folder.
  env.XDG_CONFIG_HOME = path.join(xdgDir, 'config');
  env.XDG_DATA_HOME = path.join(xdgDir, 'data');
  // The VS Code server makes sockets (vscode-ipc-*.sock) in the temp folder and leaves them:
  // keep them in ours. (Unix socket paths are limited to 107 bytes: keep this path short.)
  env.TMPDIR = path.join(root, 't');
  Object.assign(env, opts.env ?? {});
  fs.mkdirSync(env.TMPDIR, { recursive: true });
  const configFile = path.join(root, 'code-server.yaml');
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');

  fs.writeFileSync(
    path.join(userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...QUIET_SETTINGS, ...(opts.userSettings ?? {}) }, null, 2),
  );
  installExtensions(opts, { node, entry, env, userDataDir, extensionsDir });
  if (opts.displayLanguage) installDisplayLanguage(root, userDataDir, opts.displayLanguage);
  return { node, entry, env, userDataDir, extensionsDir, configFile, logLevel: opts.logLevel, displayLanguage: opts.displayLanguage };
}

/**
 * A display language without its language pack (none can be downloaded here): VS Code resolves
 * `--locale` through `languagepacks.json` in the user data, which names each language's
 * translation of the workbench. An empty translation is enough: the workbench stays in English,
 * but VS Code runs in that language, so extensions read `vscode.env.language`, their
 * `package.nls.<lang>.json` and their `l10n/bundle.l10n.<lang>.json` as for a user with the pack.
 */
function installDisplayLanguage(root: string, userDataDir: string, language: string): void {
  const translations = path.join(root, 'language-pack', 'main.i18n.json');
  fs.mkdirSync(path.dirname(translations), { recursive: true });
  fs.writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: createHash('md5').update(`isbnlens-test.language-pack-${language}@1.0.0`).digest('hex'),
    extensions: [{ extensionIdentifier: { id: `isbnlens-test.language-pack-${language}` }, version: '1.0.0' }],
    translations: { vscode: translations },
    label: language,
  };
  fs.writeFileSync(path.join(userDataDir, 'languagepacks.json'), JSON.stringify({ [language]: pack }));
}

/** code-server's command line: loopback only, no auth, no telemetry, no update check, no trust prompt. */
export function codeServerArgs(setup: CodeServerSetup, port: number, workspace: string): string[] {
  return [
    setup.entry,
    '--config', setup.configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-file-downloads',
    '--user-data-dir', setup.userDataDir,
    '--extensions-dir', setup.extensionsDir,
    '--ignore-last-opened',
    ...(setup.displayLanguage ? ['--locale', setup.displayLanguage] : []),
    // ISBN_LENS_E2E_LOG=trace: the extension host logs each step of an activation (see printActivationTimings).
    ...(setup.logLevel ?? process.env.ISBN_LENS_E2E_LOG ? ['--log', (setup.logLevel ?? process.env.ISBN_LENS_E2E_LOG)!] : []),
    workspace,
  ];
}

/**
 * Starts code-server on `preferredPort` if given and free, else on a free loopback port (another
 * one if that is taken meanwhile); resolves once it answers /healthz. Output goes to `logFile`.
 * The server (its whole process tree) is killed by `stopCodeServer` or when this process exits.
 */
export async function startCodeServer(
  setup: CodeServerSetup,
  workspace: string,
  opts: { logFile: string; timeoutMs?: number; preferredPort?: number },
): Promise<{ pid: number; port: number }> {
  installExitHandlers();
  const readLog = (): string => safeRead(opts.logFile);
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 && opts.preferredPort ? opts.preferredPort : await freePort();
    const logFd = fs.openSync(opts.logFile, 'a');
    const server: ChildProcess = spawn(setup.node, codeServerArgs(setup, port, workspace), {
      cwd: workspace,
      env: setup.env,
      detached: true, // own process group: stopCodeServer() kills the whole tree
      stdio: ['ignore', logFd, logFd],
    });
    fs.closeSync(logFd);
    if (server.pid === undefined) throw new Error(`could not start code-server (${setup.node})`);
    const pid = server.pid;
    liveServers.add(pid);
    let exited: string | undefined;
    server.on('exit', (code, signal) => {
      exited = `code-server exited (code ${code}, signal ${signal})`;
    });
    try {
      await waitFor(
        async () => {
          if (exited) throw new Fatal(exited);
          return (await httpStatus(`http://127.0.0.1:${port}/healthz`)) === 200;
        },
        { timeout: opts.timeoutMs ?? 90_000, interval: 100, message: () => `code-server did not listen on 127.0.0.1:${port}\n${tail(readLog(), 40)}` },
      );
      return { pid, port };
    } catch (e) {
      await stopCodeServer(pid);
      // Another process may take the free port between our probe and code-server's bind: retry.
      if (attempt >= 3 || !/EADDRINUSE/.test(readLog())) throw e;
      debug(`code-server: port ${port} taken, trying another (${attempt})`);
    }
  }
}

/** Stops a server started by `startCodeServer`: SIGTERM to its tree, SIGKILL to what is left after 5 s. */
export async function stopCodeServer(pid: number): Promise<void> {
  if (!liveServers.has(pid)) return;
  const tree = processTree(pid);
  killTreeSync(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && tree.some(isAlive)) await sleep(50);
  for (const p of tree) if (isAlive(p)) killTreeSync(p, 'SIGKILL');
  killTreeSync(pid, 'SIGKILL');
  liveServers.delete(pid);
}

export async function launchVsCode(opts: LaunchOptions): Promise<VsCodeSession> {
  const t0 = Date.now();
  const workspace = path.resolve(opts.workspace);
  if (!fs.statSync(workspace).isDirectory()) throw new Error(`workspace is not a folder: ${workspace}`);
  codeServerHost(); // installs code-server first if needed, before any temp folder exists

  const label = (opts.name ?? 'session').replace(/[^\w.-]+/g, '_').slice(0, 16);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), `isbn-lens-e2e-${label}-`));
  installExitHandlers();
  liveTempDirs.add(tempDir);
  let setup: CodeServerSetup;
  try {
    setup = prepareCodeServer(tempDir, opts);
  } catch (e) {
    liveTempDirs.delete(tempDir);
    fs.rmSync(tempDir, { recursive: true, force: true });
    throw e;
  }
  const { userDataDir, extensionsDir } = setup;

  const serverLogFile = path.join(tempDir, 'code-server.log');
  const readServerLog = (): string => safeRead(serverLogFile);
  const startupTimeout = opts.startupTimeoutMs ?? 90_000;
  const browserLog: string[] = [];
  const workerConsole: string[] = [];
  let browser: Browser | undefined;
  let closed = false;
  let serverPid = 0;
  const killServer = (): Promise<void> => stopCodeServer(serverPid);

  const tServer = Date.now();
  let url = '';
  try {
    const server = await startCodeServer(setup, workspace, { logFile: serverLogFile, timeoutMs: startupTimeout });
    serverPid = server.pid;
    const base = `http://127.0.0.1:${server.port}`;
    url = `${base}/?folder=${encodeURIComponent(workspace)}`;
    const serverMs = Date.now() - tServer;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-default-browser-check',
      ],
    });
    const context = await browser.newContext({
      viewport: opts.viewport ?? { width: 1400, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    // tsx (esbuild with keepNames) wraps named functions in `__name(...)`; functions passed to
    // page.evaluate run in the page, where that helper does not exist.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    let windowNo = 0;
    const attachPage = (p: Page): void => {
      const tag = windowNo++ === 0 ? '' : `[window ${windowNo}] `;
      p.on('console', (m) => {
        const text = m.text();
        pushBounded(browserLog, `${tag}[console.${m.type()}] ${text}`);
        if (/\[Extension Host\]|pickRunningLocation/.test(text)) pushBounded(workerConsole, `${tag}${text}`, 20_000);
      });
      p.on('pageerror', (e) => pushBounded(browserLog, `${tag}[pageerror] ${e.message}`));
      p.on('response', (r) => {
        if (r.status() >= 400) pushBounded(browserLog, `${tag}[http ${r.status()}] ${r.request().method()} ${r.url()}`);
      });
      p.on('requestfailed', (r) => pushBounded(browserLog, `${tag}[requestfailed] ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`));
    };
    // A window (page) is usable once its own extension host is up and has activated the
    // extensions that start eagerly (activation event '*'): it logs "Eager extensions activated".
    // Each window gets a new extension host, logging to logs/<time>/exthost<N>/.
    const loadWindow = async (p: Page, load: () => Promise<unknown>): Promise<void> => {
      const before = readyExthosts(userDataDir);
      await load();
      await p.locator('.monaco-workbench').waitFor({ state: 'attached', timeout: startupTimeout });
      await waitFor(() => readyExthosts(userDataDir) > before, {
        timeout: startupTimeout,
        interval: 100,
        message: () => `the extension host did not start\n${tail(readServerLog(), 40)}`,
      });
      await p.locator('.part.statusbar').waitFor({ state: 'visible', timeout: startupTimeout });
    };

    const page = await context.newPage();
    attachPage(page);
    const tWorkbench = Date.now();
    await loadWindow(page, () => page.goto(url, { waitUntil: 'domcontentloaded', timeout: startupTimeout }));
    const workbenchMs = Date.now() - tWorkbench;

    const session: VsCodeSession = {
      page,
      browser,
      context,
      userDataDir,
      extensionsDir,
      workspace,
      url,
      tempDir,
      timings: { serverMs, workbenchMs, totalMs: Date.now() - t0 },
      async close(closeOpts) {
        if (closed) return;
        closed = true;
        const tClose = Date.now();
        sessions.delete(page);
        printActivationTimings(userDataDir);
        await withTimeout(browser?.close() ?? Promise.resolve(), 10_000).catch(() => undefined);
        const tBrowser = Date.now();
        await killServer().catch(() => undefined);
        debug(`close: browser ${tBrowser - tClose} ms, code-server ${Date.now() - tBrowser} ms`);
        liveTempDirs.delete(tempDir);
        if (!closeOpts?.keepTemp && !process.env.ISBN_LENS_E2E_KEEP) {
          fs.rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
        }
      },
      exthostLog: () => readExthostLog(userDataDir),
      outputChannelLogs: () => readOutputChannels(userDataDir),
      serverLog: readServerLog,
      browserLog: () => [...browserLog],
      workerConsole: () => [...workerConsole],
      async screenshot(name) {
        fs.mkdirSync(RESULTS_DIR, { recursive: true });
        const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`);
        await page.screenshot({ path: file });
        return file;
      },
      async waitForActivation(extensionId, timeoutMs = 30_000) {
        const re = new RegExp(`_doActivateExtension ${escapeRegExp(extensionId)}\\b`, 'i');
        await waitFor(() => re.test(readExthostLog(userDataDir)), {
          timeout: timeoutMs,
          message: `extension ${extensionId} was not activated`,
          page,
        });
      },
      async openWindow() {
        const p = await context.newPage();
        attachPage(p);
        await loadWindow(p, () => p.goto(url, { waitUntil: 'domcontentloaded', timeout: startupTimeout }));
        sessions.set(p, session);
        return p;
      },
      async reloadWindow(p = page) {
        await loadWindow(p, () => p.reload({ waitUntil: 'domcontentloaded', timeout: startupTimeout }));
      },
      async waitForOutput(pattern, timeoutMs = 30_000) {
        return waitFor(
          () => {
            for (const text of Object.values(readOutputChannels(userDataDir))) {
              const line = text.split('\n').find((l) => pattern.test(l));
              if (line) return line;
            }
            // An extension in the web worker: its channel stays in the browser, its console comes here.
            return workerConsole.find((l) => /\[Extension Host\]/.test(l) && pattern.test(l));
          },
          { timeout: timeoutMs, message: `no output channel line matching ${pattern}`, page },
        );
      },
      async saveArtifacts(name) {
        const dir = path.join(RESULTS_DIR, name.replace(/[^\w.-]+/g, '_'));
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, 'screen.png') }).catch(() => undefined);
        fs.writeFileSync(path.join(dir, 'code-server.log'), readServerLog());
        fs.writeFileSync(path.join(dir, 'exthost.log'), readExthostLog(userDataDir));
        fs.writeFileSync(path.join(dir, 'browser.log'), browserLog.join('\n'));
        if (workerConsole.length > 0) fs.writeFileSync(path.join(dir, 'worker-console.log'), workerConsole.join('\n'));
        for (const [f, text] of Object.entries(readOutputChannels(userDataDir))) {
          fs.writeFileSync(path.join(dir, `output-${path.basename(f)}`), text);
        }
        return dir;
      },
    };
    sessions.set(page, session);
    return session;
  } catch (e) {
    await withTimeout(browser?.close() ?? Promise.resolve(), 10_000).catch(() => undefined);
    await killServer().catch(() => undefined);
    const keep = process.env.ISBN_LENS_E2E_KEEP;
    const detail = `\n--- code-server log (${serverLogFile}) ---\n${tail(readServerLog(), 40)}\n--- extension host log ---\n${tail(readExthostLog(userDataDir), 30)}\n--- browser ---\n${browserLog.slice(-20).join('\n')}`;
    liveTempDirs.delete(tempDir);
    if (!keep) fs.rmSync(tempDir, { recursive: true, force: true, maxRetries: 3 });
    throw decorate(e, `launchVsCode failed${detail}`);
  }
}

/**
 * Launches, runs `fn`, and always closes. On failure saves a screenshot and the logs under
 * test-results/e2e/<name>/ and adds where they are to the error.
 */
export async function withVsCode<T>(name: string, opts: LaunchOptions, fn: (s: VsCodeSession) => Promise<T>): Promise<T> {
  const s = await launchVsCode({ name, ...opts });
  try {
    return await fn(s);
  } catch (e) {
    const dir = await s.saveArtifacts(`${name}-failure`).catch(() => undefined);
    throw decorate(e, dir ? `artifacts: ${dir}` : '');
  } finally {
    await s.close();
  }
}

function installExtensions(
  opts: Pick<LaunchOptions, 'vsixPath' | 'extensionFolder'>,
  ctx: { node: string; entry: string; env: NodeJS.ProcessEnv; userDataDir: string; extensionsDir: string },
): void {
  if (opts.vsixPath) {
    const vsix = path.resolve(opts.vsixPath);
    if (!fs.existsSync(vsix)) throw new Error(`no such .vsix: ${vsix}`);
    const r = spawnSync(
      ctx.node,
      [ctx.entry, '--user-data-dir', ctx.userDataDir, '--extensions-dir', ctx.extensionsDir, '--install-extension', vsix, '--force'],
      { env: ctx.env, encoding: 'utf8', timeout: 120_000 },
    );
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    if (r.status !== 0 || /failed|error/i.test(out.replace(/\berror(s)?: 0\b/gi, ''))) {
      throw new Error(`installing ${vsix} failed (exit ${r.status}):\n${out}`);
    }
  }
  if (opts.extensionFolder) {
    const src = path.resolve(opts.extensionFolder);
    const pkg = JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8')) as { publisher?: string; name?: string; version?: string };
    if (!pkg.publisher || !pkg.name || !pkg.version) throw new Error(`${src}/package.json needs publisher, name and version`);
    const dest = path.join(ctx.extensionsDir, `${pkg.publisher}.${pkg.name}-${pkg.version}`);
    fs.cpSync(src, dest, {
      recursive: true,
      filter: (f) => !/[\\/](\.git|\.vscode-test|test-results|\.e2e)$/.test(f),
    });
  }
}

// ------------------------------------------------------------------------------------------
// Logs
// ------------------------------------------------------------------------------------------

function walkFiles(dir: string, out: string[] = []): string[] {
  for (const ent of safeReaddirEnts(dir)) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) walkFiles(p, out);
    else out.push(p);
  }
  return out;
}

/** Extension host logs: `<userDataDir>/logs/<time>/exthost<N>/remoteexthost.log` (or exthost.log). */
function findExthostLogs(userDataDir: string): string[] {
  return walkFiles(path.join(userDataDir, 'logs'))
    .filter((f) => /[\\/]exthost\d*[\\/](remote)?exthost\.log$/.test(f))
    .sort();
}

/**
 * For each window (extension host) that activated ISBN Lens, the phases of its activation in
 * milliseconds after the host's `_doActivateExtension` line (the issue 14 figures), printed when
 * a session closes. The host's log and the extension's clock are the same machine's clock.
 * - The other extensions the same event activated: the host loads their modules first, one after
 *   the other in its one thread, and only then sends the requests for each extension's context
 *   (its messages leave on the next turn of the event loop).
 * - With ISBN_LENS_E2E_LOG=trace, the host's own lines: when it asked for our module and context,
 *   and when it called the activate() of the others and ours.
 * - By the extension's clock (its "Activated" line): the bundle began to evaluate (compiled),
 *   was evaluated, activate() was called (once both the bundle and the context, which comes from
 *   the window, are ready: a gap after the bundle is the wait for the context), returned.
 * - When the "Activated" line was stamped: the log file opens asynchronously.
 */
function printActivationTimings(userDataDir: string): void {
  const stamp = (line: string | undefined) => {
    const m = line && /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d{3})/.exec(line);
    return m ? Date.parse(`${m[1]}T${m[2]}`) : undefined;
  };
  const iso = (line: string, label: string) => Date.parse(new RegExp(`${escapeRegExp(label)} (\\S+Z)`).exec(line)?.[1] ?? '');
  for (const hostLog of findExthostLogs(userDataDir)) {
    const hostDir = path.dirname(hostLog);
    const hostLines = safeRead(hostLog).split('\n');
    const eventLine = hostLines.find((l) => /_doActivateExtension isbnlens\.isbn-lens\b/i.test(l));
    const event = stamp(eventLine);
    if (event === undefined || eventLine === undefined) continue;
    const window = path.basename(hostDir);
    const own = walkFiles(hostDir).filter((f) => f !== hostLog).map(safeRead);
    const line = own.flatMap((text) => text.split('\n')).find((l) => /\bActivated in \d+ ms/.test(l));
    if (line === undefined) {
      console.log(`ISBN Lens activation (${window}): no "Activated" line`);
      continue;
    }
    const after = (t: number | undefined) => (t === undefined || Number.isNaN(t) ? '?' : `+${t - event}`);
    const activationEvent = /activationEvent: '([^']*)'/.exec(eventLine)?.[1];
    const others = hostLines
      .filter((l) => l !== eventLine && l.includes('_doActivateExtension') && activationEvent !== undefined && l.includes(`activationEvent: '${activationEvent}'`))
      .filter((l) => Math.abs((stamp(l) ?? Infinity) - event) <= 1000)
      .map((l) => /_doActivateExtension (\S+),/.exec(l)?.[1])
      .filter(Boolean);
    const trace = (re: RegExp) => stamp(hostLines.find((l) => re.test(l)));
    const loadModule = trace(/ExtensionService#loadModule \S+ -> \S*\/isbnlens\.isbn-lens-/i);
    const loadContext = trace(/ExtensionService#loadExtensionContext isbnlens\.isbn-lens\b/i);
    const callActivate = trace(/ExtensionService#_callActivateOptional isbnlens\.isbn-lens\b/i);
    // Their activate() runs before ours when their context came in the same answer: ours waits for it.
    const othersCalled = others.flatMap((id) => {
      const at = trace(new RegExp(`ExtensionService#_callActivateOptional ${escapeRegExp(id!)}$`));
      return at === undefined ? [] : [`host calls activate() of ${id} ${after(at)}`];
    });
    const began = iso(line, 'Bundle evaluation began at');
    const evaluated = iso(line, 'evaluated at');
    const called = iso(line, 'activate() called at');
    const returned = iso(line, 'returned at');
    const body = /Activated in (\d+) ms/.exec(line)?.[1];
    const phases = [
      `event '${activationEvent ?? '?'}' 0`,
      ...(loadModule !== undefined ? [`host loads the module ${after(loadModule)}`] : []),
      ...(loadContext !== undefined ? [`host asks for the context ${after(loadContext)}`] : []),
      `our bundle begins to evaluate ${after(began)}`,
      `evaluated ${after(evaluated)}`,
      ...othersCalled,
      ...(callActivate !== undefined ? [`host calls our activate() ${after(callActivate)}`] : []),
      `activate() called ${after(called)}` + (Number.isNaN(called - evaluated) ? '' : ` (${called - evaluated} ms after the bundle: the wait for the context, and for any activate() ahead of ours)`),
      `returned ${after(returned)} (activate() ${body} ms)`,
      `"Activated" line stamped ${after(stamp(line))}`,
    ];
    console.log(`ISBN Lens activation (${window}), ms after _doActivateExtension: ${phases.join(' → ')}` +
      (others.length > 0 ? `; the same event also activated ${others.join(', ')}` : ''));
  }
}

/** How many extension hosts (one per window) have started and activated their eager extensions. */
function readyExthosts(userDataDir: string): number {
  return findExthostLogs(userDataDir).filter((f) => /Eager extensions activated/.test(safeRead(f))).length;
}

function readExthostLog(userDataDir: string): string {
  return findExthostLogs(userDataDir)
    .map((f) => `==> ${path.relative(userDataDir, f)} <==\n${safeRead(f)}`)
    .join('\n');
}

/** Output channels of extensions: `<userDataDir>/logs/<time>/exthost<N>/<ext-id>/*.log` and `output_logging_*`. */
function readOutputChannels(userDataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of walkFiles(path.join(userDataDir, 'logs'))) {
    if (!/[\\/]exthost\d*[\\/]/.test(f) || /[\\/](remote)?exthost\.log$/.test(f)) continue;
    out[path.relative(userDataDir, f)] = safeRead(f);
  }
  return out;
}

// ------------------------------------------------------------------------------------------
// Waiting and errors
// ------------------------------------------------------------------------------------------

/** Thrown inside a waitFor condition to stop waiting at once. */
export class Fatal extends Error {}

export interface WaitOptions {
  timeout?: number;
  interval?: number;
  message?: string | (() => string | Promise<string>);
  /** Adds what this page shows (hover, notifications, quick input, logs) to the error. */
  page?: Page;
}

/**
 * Polls `cond` until it returns a truthy value (which is returned). A condition that throws
 * counts as not yet (its last error goes in the timeout message), except for `Fatal`.
 */
export async function waitFor<T>(cond: () => T | Promise<T>, opts: WaitOptions = {}): Promise<NonNullable<T>> {
  const timeout = opts.timeout ?? 15_000;
  const interval = opts.interval ?? 100;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await cond();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      if (e instanceof Fatal) throw e;
      lastError = e;
    }
    if (Date.now() >= deadline) break;
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
  }
  const msg = typeof opts.message === 'function' ? await opts.message() : opts.message ?? 'condition not met';
  let text = `${msg} (after ${timeout} ms)`;
  if (lastError) text += `\nlast error: ${lastError instanceof Error ? lastError.message : String(lastError)}`;
  if (opts.page) text += `\n${await describePage(opts.page)}`;
  throw new Error(text);
}

const sessions = new WeakMap<Page, VsCodeSession>();

/** What the page shows now, for error messages: editor, hover, notifications, quick input, logs. */
export async function describePage(page: Page): Promise<string> {
  const lines: string[] = ['--- what the workbench shows ---'];
  try {
    const state = await page.evaluate(() => {
      const visible = (el: Element): boolean => {
        const r = (el as HTMLElement).getBoundingClientRect();
        const cs = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none';
      };
      const texts = (sel: string): string[] =>
        Array.from(document.querySelectorAll(sel)).filter(visible).map((e) => (e as HTMLElement).innerText.trim()).filter(Boolean);
      return {
        tab:
          document.querySelector('.tabs-container .tab.active')?.getAttribute('data-resource-name') ??
          document.querySelector('.tabs-container .tab.active')?.getAttribute('aria-label') ??
          '(none)',
        status: texts('.part.statusbar .statusbar-item').join(' | '),
        hover: texts('.monaco-hover-content'),
        notifications: texts('.notifications-toasts .notification-toast .notification-list-item-message'),
        quickInput: texts('.quick-input-widget .quick-input-header'),
        quickItems: texts('.quick-input-widget .quick-input-list .monaco-list-row').slice(0, 10),
        dialog: texts('.monaco-dialog-box'),
      };
    });
    lines.push(`active editor: ${state.tab}`);
    lines.push(`hover: ${state.hover.length ? state.hover.map((h) => JSON.stringify(h)).join(', ') : '(none)'}`);
    lines.push(`notifications: ${state.notifications.length ? state.notifications.map((n) => JSON.stringify(n)).join(', ') : '(none)'}`);
    if (state.quickInput.length || state.quickItems.length) {
      lines.push(`quick input: ${state.quickInput.join(' ')} items: ${state.quickItems.map((i) => JSON.stringify(i.replace(/\s+/g, ' '))).join(', ')}`);
    }
    if (state.dialog.length) lines.push(`dialog: ${state.dialog.join(' / ')}`);
    lines.push(`status bar: ${state.status}`);
  } catch (e) {
    lines.push(`(could not read the page: ${(e as Error).message})`);
  }
  const s = sessions.get(page);
  if (s) {
    lines.push('--- last lines of the extension host log ---', tail(s.exthostLog(), 25));
    const errors = s.browserLog().filter((l) => /pageerror|console\.error/.test(l));
    if (errors.length) lines.push('--- browser errors ---', ...errors.slice(-8));
  }
  return lines.join('\n');
}

/** Adds `extra` to an error's message, keeping its stack. */
function decorate(e: unknown, extra: string): Error {
  const err = e instanceof Error ? e : new Error(String(e));
  if (extra) {
    err.message = `${err.message}\n${extra}`;
    if (err.stack) err.stack = `${err.stack}\n${extra}`;
  }
  return err;
}

async function fail(page: Page, message: string): Promise<never> {
  throw new Error(`${message}\n${await describePage(page)}`);
}

// ------------------------------------------------------------------------------------------
// UI helpers
// ------------------------------------------------------------------------------------------

const QUICK_INPUT = '.quick-input-widget';
const QUICK_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
const HOVER = '.monaco-hover:not(.hidden) .monaco-hover-content';
/**
 * How long one hover try waits before moving away and back (or pressing Ctrl+K Ctrl+I again).
 * A hover asked for before the provider's registration reached the workbench (just after
 * activation) stays empty until the mouse moves again, so trying again beats waiting longer.
 */
const HOVER_TRY_MS = 1500;

/** Quick input (command palette, quick open, input boxes, quick picks). */
export function quickInput(page: Page) {
  const widget = page.locator(QUICK_INPUT);
  const input = widget.locator('.quick-input-box input');
  const api = {
    widget,
    async isOpen(): Promise<boolean> {
      return widget.isVisible();
    },
    async waitOpen(timeout = 10_000): Promise<void> {
      await widget.waitFor({ state: 'visible', timeout }).catch(() => fail(page, 'the quick input did not open'));
    },
    async waitClosed(timeout = 10_000): Promise<void> {
      await widget.waitFor({ state: 'hidden', timeout }).catch(() => fail(page, 'the quick input did not close'));
    },
    /** Replaces the input's text. */
    async fill(text: string): Promise<void> {
      await api.waitOpen();
      await input.fill(text);
    },
    /** Types into the input as a user would (key by key). */
    async type(text: string): Promise<void> {
      await api.waitOpen();
      await input.pressSequentially(text);
    },
    async value(): Promise<string> {
      return input.inputValue();
    },
    /** The input's title, placeholder/prompt and validation message. */
    async message(): Promise<string> {
      return page.evaluate((sel) => {
        const w = document.querySelector(sel);
        if (!w) return '';
        const parts = [
          w.querySelector('.quick-input-title')?.textContent,
          w.querySelector('.quick-input-box input')?.getAttribute('placeholder'),
          w.querySelector('.quick-input-message')?.textContent,
        ];
        return parts.filter((p) => p && p.trim()).join('\n');
      }, QUICK_INPUT);
    },
    /** Waits for an open input whose title/prompt/placeholder/message matches; returns that text. */
    async waitPrompt(text: string | RegExp, timeout = 10_000): Promise<string> {
      return waitFor(
        async () => {
          if (!(await api.isOpen())) return undefined;
          const m = await api.message();
          return (typeof text === 'string' ? m.includes(text) : text.test(m)) ? m : undefined;
        },
        { timeout, message: `no quick input showing ${String(text)}`, page },
      );
    },
    /** Labels of the rows shown (the list is virtualised: only rendered rows). */
    async items(): Promise<string[]> {
      return page.locator(`${QUICK_ROWS} .label-name`).allInnerTexts().then((a) => a.map((s) => s.trim()));
    },
    /** Waits for a row whose label is `label` (or matches it) and clicks it. */
    async pick(label: string | RegExp, timeout = 10_000): Promise<void> {
      // One locator for "the row with this label", resolved when clicked: the list re-renders as
      // results come in (quick open searches files), so a row index read earlier may point at
      // another row by then, and waiting on a row that went away would stall the polling.
      const name = typeof label === 'string' ? new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) : label;
      const row = page.locator(QUICK_ROWS).filter({ has: page.locator('.label-name', { hasText: name }) }).first();
      await row.waitFor({ state: 'visible', timeout }).catch(() => fail(page, `no quick pick row labelled ${String(label)} (after ${timeout} ms)`));
      await row.click({ timeout: 5000 });
    },
    async accept(): Promise<void> {
      await input.press('Enter');
    },
    async cancel(): Promise<void> {
      await input.press('Escape');
    },
  };
  return api;
}

async function pressChord(page: Page, ...keys: string[]): Promise<void> {
  for (const k of keys) await page.keyboard.press(k);
}

/** Runs a command from the palette by its full title, e.g. "ISBN Lens: Look Up Author". */
export async function runCommand(page: Page, title: string, opts: { timeout?: number } = {}): Promise<void> {
  const qi = quickInput(page);
  const started = Date.now();
  const deadline = started + (opts.timeout ?? 20_000);
  // The palette lists the commands known when it opens; just after startup an extension's
  // contributions may not be there yet, so reopen it until the command shows.
  for (let attempt = 1; ; attempt++) {
    if (await qi.isOpen()) {
      await page.keyboard.press('Escape');
      await qi.waitClosed();
    }
    await page.keyboard.press('F1');
    await qi.waitOpen();
    await qi.fill(`>${title}`);
    const last = Date.now() + 3000 >= deadline;
    try {
      await qi.pick(title, last ? Math.max(1000, deadline - Date.now()) : 3000);
      break;
    } catch (e) {
      if (last) throw e;
      debug(`runCommand(${JSON.stringify(title)}) try ${attempt}: not listed yet`);
    }
  }
  // The palette closes when the command starts; the command may reuse the same widget at once
  // for its own input box or quick pick, so "closed" may never be seen: wait for either.
  await waitFor(async () => !(await qi.isOpen()) || !(await qi.value().catch(() => '')).startsWith('>'), {
    timeout: 10_000,
    message: `the command palette did not run ${JSON.stringify(title)}`,
    page,
  });
  debug(`runCommand(${JSON.stringify(title)}) took ${Date.now() - started} ms`);
}

/** Opens a workspace file with quick open (Ctrl+P) and waits for its editor to be active. */
export async function openFile(page: Page, name: string): Promise<void> {
  const base = path.basename(name);
  const qi = quickInput(page);
  if (await qi.isOpen()) await page.keyboard.press('Escape');
  await page.keyboard.press('Control+P');
  await qi.waitOpen();
  await qi.fill(name);
  // Quick open searches files asynchronously: wait for the row, then take it.
  await qi.pick(base, 20_000);
  await waitFor(
    async () => {
      return (await activeTab(page)) === base && (await page.locator('.editor-instance .monaco-editor .view-lines').first().isVisible());
    },
    { timeout: 15_000, message: `${name} did not open in an editor`, page },
  );
  await focusEditor(page);
}

/** File name of the active editor tab ('' when none). */
export async function activeTab(page: Page): Promise<string> {
  return page.evaluate(() => {
    const tab = document.querySelector('.part.editor .tabs-container .tab.active');
    return tab?.getAttribute('data-resource-name') ?? tab?.getAttribute('aria-label') ?? '';
  });
}

/** Puts the keyboard focus in the active text editor. */
export async function focusEditor(page: Page): Promise<void> {
  const focused = await page.evaluate(() => !!document.activeElement?.closest('.editor-instance .monaco-editor'));
  if (!focused) {
    // "View: Focus Active Editor Group" without the palette: Ctrl+1
    await page.keyboard.press('Control+1');
    await waitFor(() => page.evaluate(() => !!document.activeElement?.closest('.editor-instance .monaco-editor')), {
      timeout: 5000,
      message: 'could not focus the editor',
      page,
    });
  }
}

/** Moves the cursor to line:col (1-based) with Ctrl+G and waits for the status bar to show it. */
export async function goTo(page: Page, line: number, col = 1): Promise<void> {
  await focusEditor(page);
  const qi = quickInput(page);
  await page.keyboard.press('Control+G');
  await qi.waitOpen();
  await qi.fill(`:${line}:${col}`);
  await qi.accept();
  await qi.waitClosed();
  await waitFor(
    async () => {
      const t = await page.locator('.part.statusbar').innerText().catch(() => '');
      return new RegExp(`Ln ${line}, Col ${col}\\b`).test(t);
    },
    { timeout: 5000, message: `the cursor did not move to ${line}:${col}`, page },
  );
}

/**
 * Opens the quick-fix menu at the cursor (Ctrl+.) and returns its row titled `title`, once shown.
 * On a loaded machine the key can reach the editor before it has its focus back (after Go to
 * Line) or before the code actions are in: the menu is closed and asked for again, up to `tries` times.
 */
export async function quickFixRow(page: Page, title: string, { tries = 3, tryMs = 6000 } = {}): Promise<Locator> {
  const row = page.locator('.action-widget .monaco-list-row').filter({ hasText: title }).first();
  for (let attempt = 1; ; attempt++) {
    await focusEditor(page);
    await page.keyboard.press('Control+.');
    try {
      await row.waitFor({ timeout: tryMs });
      return row;
    } catch (e) {
      if (attempt >= tries) throw e;
      await page.keyboard.press('Escape');
    }
  }
}

export interface HoverOptions {
  /** Wait until the hover's text contains this (a provider may answer after others). */
  contains?: string | RegExp;
  timeout?: number;
  /** How long one try waits before asking again (default 1500 ms); longer for a provider that answers late on purpose. */
  tryMs?: number;
}

function hoverMatches(text: string, contains: string | RegExp | undefined): boolean {
  if (!text.trim() || /^Loading\.\.\.$/.test(text.trim())) return false;
  if (contains === undefined) return true;
  return typeof contains === 'string' ? text.includes(contains) : contains.test(text);
}

/** The visible hover's text, or '' when none is shown. */
export async function visibleHover(page: Page): Promise<string> {
  const texts = await page
    .locator(HOVER)
    .evaluateAll((els) =>
      els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
        })
        .map((e) => (e as HTMLElement).innerText.trim()),
    )
    .catch(() => [] as string[]);
  return texts.filter(Boolean).join('\n');
}

/** Shows the hover at the cursor (Ctrl+K Ctrl+I) and returns its text; retries until it matches. */
export async function hoverAtCursor(page: Page, opts: HoverOptions = {}): Promise<string> {
  const timeout = opts.timeout ?? 20_000;
  const deadline = Date.now() + timeout;
  await focusEditor(page);
  for (;;) {
    await pressChord(page, 'Control+K', 'Control+I');
    const text = await waitFor(
      async () => {
        const t = await visibleHover(page);
        return hoverMatches(t, opts.contains) ? t : undefined;
      },
      { timeout: Math.min(opts.tryMs ?? HOVER_TRY_MS, Math.max(500, deadline - Date.now())), interval: 50 },
    ).catch(() => undefined);
    if (text) return text;
    debug(`hoverAtCursor: no matching hover yet: ${JSON.stringify(await visibleHover(page))}`);
    if (Date.now() >= deadline) {
      return fail(page, `no hover${opts.contains ? ` containing ${String(opts.contains)}` : ''} at the cursor after ${timeout} ms`);
    }
    // The provider may not be registered yet (extension still activating): close and ask again.
    await page.keyboard.press('Escape');
  }
}

/** Screen coordinates of the middle of the first occurrence of `text` in the visible editor lines. */
async function textPoint(page: Page, text: string, nth = 0): Promise<{ x: number; y: number } | undefined> {
  return page.evaluate(
    ({ text, nth }) => {
      const root = document.querySelector('.editor-instance .monaco-editor .view-lines') ?? document.querySelector('.monaco-editor .view-lines');
      if (!root) return undefined;
      const lines = Array.from(root.querySelectorAll('.view-line')).sort(
        (a, b) => (a as HTMLElement).getBoundingClientRect().top - (b as HTMLElement).getBoundingClientRect().top,
      );
      let seen = 0;
      for (const line of lines) {
        // Monaco splits a line into spans by token; search the line's text nodes as one string.
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        let full = '';
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          nodes.push(n as Text);
          full += (n as Text).data;
        }
        const norm = full.replace(/\u00a0/g, ' ');
        let idx = norm.indexOf(text);
        while (idx >= 0 && seen < nth) {
          seen++;
          idx = norm.indexOf(text, idx + 1);
        }
        if (idx < 0) continue;
        // Middle character of the match.
        const mid = idx + Math.floor(text.length / 2);
        let off = 0;
        for (const node of nodes) {
          if (mid < off + node.data.length) {
            const range = document.createRange();
            range.setStart(node, mid - off);
            range.setEnd(node, mid - off + 1);
            const r = range.getBoundingClientRect();
            return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
          }
          off += node.data.length;
        }
      }
      return undefined;
    },
    { text, nth },
  );
}

/** Moves the real mouse onto `text` in the editor, waits for the hover and returns its text. */
export async function hoverText(page: Page, text: string, opts: HoverOptions & { nth?: number } = {}): Promise<string> {
  const timeout = opts.timeout ?? 20_000;
  const deadline = Date.now() + timeout;
  let attempt = 0;
  for (;;) {
    const pt = await textPoint(page, text, opts.nth ?? 0);
    if (!pt) return fail(page, `the text ${JSON.stringify(text)} is not in the visible editor lines`);
    // Leave and re-enter so that Monaco sees a fresh mouse move onto the word.
    await page.mouse.move(pt.x, Math.max(0, pt.y - 200), { steps: 2 });
    if (attempt > 0) await page.keyboard.press('Escape');
    await page.mouse.move(pt.x - 2, pt.y, { steps: 3 });
    await page.mouse.move(pt.x, pt.y, { steps: 2 });
    attempt++;
    const got = await waitFor(
      async () => {
        const t = await visibleHover(page);
        return hoverMatches(t, opts.contains) ? t : undefined;
      },
      { timeout: Math.min(opts.tryMs ?? HOVER_TRY_MS, Math.max(500, deadline - Date.now())), interval: 50 },
    ).catch(() => undefined);
    if (got) return got;
    debug(`hoverText(${JSON.stringify(text)}) try ${attempt} at ${Math.round(pt.x)},${Math.round(pt.y)}: hover ${JSON.stringify(await visibleHover(page))}`);
    if (Date.now() >= deadline) {
      return fail(page, `no hover${opts.contains ? ` containing ${String(opts.contains)}` : ''} over ${JSON.stringify(text)} after ${timeout} ms (${attempt} tries)`);
    }
  }
}

/** Hides any hover (Escape) and moves the mouse out of the editor. */
export async function dismissHover(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.mouse.move(1, 1);
  await waitFor(async () => (await visibleHover(page)) === '', { timeout: 5000, message: 'the hover did not close', page });
}

/** Texts of the notification toasts shown now (newest first). */
export async function notifications(page: Page): Promise<string[]> {
  return page
    .locator('.notifications-toasts .notification-toast .notification-list-item-message')
    .evaluateAll((els) =>
      els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.height > 0;
        })
        .map((e) => (e as HTMLElement).innerText.trim()),
    )
    .catch(() => [] as string[]);
}

/** Waits for a toast whose text contains `text` (or matches it); returns its text. */
export async function waitForNotification(page: Page, text: string | RegExp, timeout = 15_000): Promise<string> {
  return waitFor(
    async () => (await notifications(page)).find((n) => (typeof text === 'string' ? n.includes(text) : text.test(n))),
    { timeout, message: `no notification ${typeof text === 'string' ? JSON.stringify(text) : String(text)}`, page },
  );
}

/** Clicks a button (e.g. "Open", "Retry") on the toast containing `text`. */
export async function clickNotificationButton(page: Page, text: string | RegExp, button: string): Promise<void> {
  const toast = page.locator('.notifications-toasts .notification-toast').filter({ hasText: text });
  await toast.first().locator('.monaco-button', { hasText: button }).first().click();
}

/** Removes all notifications and waits until no toast is shown. */
export async function clearNotifications(page: Page): Promise<void> {
  if ((await notifications(page)).length === 0) return;
  await runCommand(page, 'Notifications: Clear All Notifications');
  await waitFor(async () => (await notifications(page)).length === 0, { timeout: 5000, message: 'notifications did not clear', page });
}

/**
 * Text of the active editor's rendered lines, top to bottom. Monaco renders only the lines in
 * view (virtualised), so for long files save and read the file on disk, or use `via: 'clipboard'`
 * (selects all and copies; moves the cursor).
 */
export async function editorText(page: Page, opts: { via?: 'dom' | 'clipboard' } = {}): Promise<string> {
  if (opts.via === 'clipboard') {
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+C');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    await page.keyboard.press('Control+Home');
    return text;
  }
  return page.evaluate(() => {
    const root = document.querySelector('.editor-instance .monaco-editor .view-lines');
    if (!root) return '';
    return Array.from(root.querySelectorAll('.view-line'))
      .map((l) => ({ top: parseFloat((l as HTMLElement).style.top || '0'), text: (l as HTMLElement).innerText.replace(/\u00a0/g, ' ') }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text.replace(/\n$/, ''))
      .join('\n');
  });
}

/** Saves the active editor (Ctrl+S) and waits until its tab is no longer dirty. */
export async function saveActiveEditor(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+S');
  await waitFor(async () => !(await page.locator('.tabs-container .tab.active.dirty').count()), {
    timeout: 10_000,
    message: 'the editor did not save',
    page,
  });
}

/** Text of a modal dialog, if one is open. */
export async function dialogText(page: Page): Promise<string> {
  const d: Locator = page.locator('.monaco-dialog-box');
  return (await d.isVisible()) ? (await d.innerText()).trim() : '';
}

// ------------------------------------------------------------------------------------------
// Small utilities
// ------------------------------------------------------------------------------------------

function debug(msg: string): void {
  if (process.env.ISBN_LENS_E2E_DEBUG) process.stderr.write(`[e2e] ${msg}\n`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function httpStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function safeReaddirEnts(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

export function tail(text: string, n: number): string {
  const lines = text.split('\n');
  return lines.slice(Math.max(0, lines.length - n - 1)).join('\n');
}

function pushBounded(list: string[], item: string, max = 500): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
