/**
 * `npm run test:electron:code-server`: runs the same in-host suite as `npm run test:electron`
 * (test/electron/suite/), inside code-server's extension host instead of VS Code desktop.
 *
 * code-server's own command line refuses `--extensionDevelopmentPath` and `--extensionTestsPath`
 * ("Unknown option"), and the VS Code server does not hand them to the web workbench. The web
 * workbench takes them, as VS Code's own browser integration tests pass them, in the `payload`
 * query parameter of its URL, as `vscode-remote://` URIs; a built workbench (code-server's) honours
 * them only when the server runs with `--enable-smoke-test-driver`, which reaches the VS Code server
 * through code-server's pass-through option (`vscode-option` in its config file). The workbench
 * then starts the remote (Node) extension host with the extension under development and calls
 * the suite's `run()` in it; when `run()` settles, the extension host exits and the workbench
 * calls `window.codeAutomationExit(code)`, which this launcher exposes to the page
 * (playwright-core + Chromium, as in test/e2e/).
 *
 * The extension host's output does not reach this process, so the suite also writes its lines to
 * the file named by ISBN_LENS_SUITE_REPORT, which this launcher prints.
 *
 * `--web` runs the extension's browser build and the suite in the browser's web-worker extension
 * host instead, as VS Code for the Web does: the user setting `remote.extensionKind` puts the
 * extension there, and the workbench runs a test file that lies in an extension's folder where that
 * extension runs. The suite is then bundled for the worker (`buildWebSuite`), the sandbox gives
 * browsers cross-origin permission, and the suite's lines come from the page's console; with
 * `--log trace` the workbench says where the extension runs (`=> LocalWebWorker`), which is checked.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startSandbox, sandboxInfo } from '../sandbox/server';
import { codeServerHost, prepareCodeServer, startCodeServer, stopCodeServer, CODE_SERVER_VERSION } from '../e2e/harness';
import { LaunchError, REPO_ROOT, SUITE_BUNDLE, WEB_SUITE_BUNDLE, build, buildWebSuite, main, makeRunDir, suiteSettings } from './prepare';

const WEB = process.argv.includes('--web');
const NAME = WEB ? 'test:electron:code-server:web' : 'test:electron:code-server';
const EXTENSION_ID = 'isbnlens.isbn-lens';
/** The lines the suite prints (suite/index.ts, suite/runner.ts). */
const SUITE_LINE = /^(ISBN Lens in-host suite|  [✓✗] |      |\d+ passed, \d+ failed)/;
const CHROMIUM = process.env.ISBN_LENS_E2E_CHROMIUM ?? '/usr/bin/chromium';
/** From opening the workbench to the suite's end. */
const SUITE_TIMEOUT_MS = Number(process.env.ISBN_LENS_SUITE_TIMEOUT_MS ?? 180_000);

function remoteUri(authority: string, fsPath: string): string {
  return `vscode-remote://${authority}${fsPath.split(path.sep).map(encodeURIComponent).join('/')}`;
}

function tail(text: string, lines: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function read(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function exthostLogs(userDataDir: string): string {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const ent of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const p = path.join(dir, ent.name);
      if (ent.isDirectory()) walk(p);
      else if (/exthost\.log$/.test(ent.name)) out.push(`==> ${path.relative(userDataDir, p)} <==\n${tail(read(p), 30)}`);
    }
  };
  walk(path.join(userDataDir, 'logs'));
  return out.join('\n');
}

async function run(): Promise<number> {
  const t0 = Date.now();
  codeServerHost(); // installs code-server (test/e2e/setup.sh) when missing, before anything starts
  await build();
  const tBuilt = Date.now();
  const sandbox = await startSandbox(WEB ? { cors: 'allow' } : {});
  if (WEB) await buildWebSuite({ SANDBOX_INFO: JSON.stringify(sandboxInfo(sandbox)) });
  // Short: code-server makes its sockets under <root>/cs/t, and socket paths have 107 bytes at most.
  const dir = makeRunDir('cs');
  const reportFile = path.join(dir.root, 'suite-report.txt');
  const serverLog = path.join(dir.root, 'code-server.log');
  const browserLog: string[] = [];
  let serverPid = 0;
  let browser: Browser | undefined;
  try {
    const setup = prepareCodeServer(path.join(dir.root, 'cs'), {
      userSettings: { ...suiteSettings(sandbox.urls), ...(WEB ? { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } : {}) },
      ...(WEB ? { logLevel: 'trace' } : {}),
      env: { SANDBOX_INFO: JSON.stringify(sandboxInfo(sandbox)), ISBN_LENS_SUITE_REPORT: reportFile },
    });
    // Without it the built workbench ignores the payload's extensionDevelopmentPath/extensionTestsPath.
    fs.appendFileSync(setup.configFile, 'vscode-option:\n  - enable-smoke-test-driver\n');
    const server = await startCodeServer(setup, dir.workspace, { logFile: serverLog });
    serverPid = server.pid;
    const authority = `127.0.0.1:${server.port}`;
    console.log(`Host: code-server ${CODE_SERVER_VERSION} (extension host on ${setup.node}), http://${authority}`);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = await browser.newPage();
    const workerLines: string[] = [];
    page.on('console', (m) => {
      const text = m.text();
      browserLog.push(`[console.${m.type()}] ${text}`);
      // The suite's console lines reach the page through the workbench's log: "%c INFO color: #33f <line>".
      const line = /^%c\s*(?:INFO|ERR|WARN)\s+color: #\w+ ([\s\S]*)$/.exec(text)?.[1];
      if (line !== undefined && SUITE_LINE.test(line)) workerLines.push(line);
      if (text.includes(`pickRunningLocation for ${EXTENSION_ID}`)) workerLines.unshift(`(workbench) ${text.replace(/^.*pickRunningLocation/, 'pickRunningLocation')}`);
    });
    page.on('pageerror', (e) => browserLog.push(`[pageerror] ${e.message}`));
    const exited = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    // Wanted by the workbench when it runs extension tests; the suite's lines come from its report file.
    await page.exposeFunction('codeAutomationLog', () => undefined);

    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remoteUri(authority, REPO_ROOT)],
      ['extensionTestsPath', remoteUri(authority, WEB ? WEB_SUITE_BUNDLE : SUITE_BUNDLE)],
      ['skipWelcome', 'true'],
    ]);
    const url = `http://${authority}/?folder=${encodeURIComponent(dir.workspace)}&payload=${encodeURIComponent(payload)}`;
    const tOpen = Date.now();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SUITE_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));

    const report = WEB ? workerLines.map((l) => `${l}\n`).join('') : read(reportFile);
    if (report) process.stdout.write(report);
    if (code === undefined) {
      throw new LaunchError(
        `the suite did not finish within ${SUITE_TIMEOUT_MS / 1000} s in code-server.\n` +
          `--- code-server log ---\n${tail(read(serverLog), 20)}\n--- extension host log ---\n${exthostLogs(setup.userDataDir)}\n` +
          `--- browser ---\n${browserLog.slice(-20).join('\n')}`,
      );
    }
    const seconds = (ms: number): string => (ms / 1000).toFixed(1);
    const timing = `${seconds(Date.now() - t0)} s (build ${seconds(tBuilt - t0)} s, workbench and suite ${seconds(Date.now() - tOpen)} s)`;
    if (!report) {
      console.error(`${NAME}: the extension host exited with code ${code} without running the suite.\n--- extension host log ---\n${exthostLogs(setup.userDataDir)}`);
      return 1;
    }
    if (WEB && (!/=> LocalWebWorker/.test(workerLines[0] ?? '') || !report.includes('extension host in the browser\'s web worker'))) {
      console.error(`${NAME}: the workbench did not run ${EXTENSION_ID} in the web worker.`);
      return 1;
    }
    if (code !== 0) {
      console.error(`${NAME}: the suite failed in code-server (extension host exit ${code}) after ${timing}.`);
      if (WEB) console.error(`--- browser ---\n${browserLog.filter((l) => /Extension Host|error/i.test(l)).slice(-25).join('\n')}`);
      return 1;
    }
    console.log(`The suite passed in code-server ${CODE_SERVER_VERSION} in ${timing}.`);
    return 0;
  } finally {
    await browser?.close().catch(() => undefined);
    if (serverPid) await stopCodeServer(serverPid);
    await sandbox.close();
    dir.cleanup();
  }
}

main(NAME, run);
