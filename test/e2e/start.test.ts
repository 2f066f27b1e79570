/**
 * `npm start -- --web` as a newcomer runs it (README's first command): it says what it does,
 * prints an address and a demo key; the address opens VS Code with ISBN Lens active; with no key
 * set, the first hover over an ISBN of samples/ shows the book, its cover and its source (the
 * sandbox's Open Library and Google Books); the printed key, set through the palette, makes the
 * hover show the book service's record; and Ctrl+C
 * (SIGINT to its process group, as a terminal sends it) stops every process it started (npm,
 * tsx, the sandbox, code-server and all their children) within 10 s and frees every port.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test, type TestContext } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { REPO_ROOT, RESULTS_DIR, describePage, openFile, hoverText, processTree, tail, waitFor, type Page } from './harness';
import { SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { enterApiKey, hoverWithCover, waitForStatus } from './ui';

const CHROMIUM = process.env.ISBN_LENS_E2E_CHROMIUM ?? '/usr/bin/chromium';
const step = { timeout: STEP_TIMEOUT_MS };

/** The demo's own profile folder, so that the test leaves a developer's .e2e/ alone. */
const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'isbn-lens-e2e-start-'));
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ils-'));
let npmStart: ChildProcess;
let output = '';
let exited: string | undefined;
let address = '';
let demoKey = '';
let browser: Browser | undefined;
let page: Page;
/** Every process `npm start` runs (with its command line), and the TCP ports they listen on (taken once VS Code is up). */
let started: number[] = [];
const commandLines = new Map<number, string>();
let listening: Array<{ address: string; port: number }> = [];
let failedStep: string | undefined;

before(async () => {
  // Its own temp folder (short: code-server's socket paths have 107 bytes at most), to see that nothing is left there.
  const env: NodeJS.ProcessEnv = { ...process.env, ISBN_LENS_DEMO_DIR: demoDir, ISBN_LENS_DEMO_PORT: '0', TMPDIR: tmpDir };
  delete env.NODE_TEST_CONTEXT;
  npmStart = spawn('npm', ['start', '--', '--web'], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  npmStart.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  npmStart.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  npmStart.on('exit', (code, signal) => (exited = `npm start exited (code ${code}, signal ${signal})`));
  await waitFor(
    () => {
      if (exited) throw new Error(`${exited}:\n${tail(output, 40)}`);
      address = /Open (http:\/\/\S+) in your browser\./.exec(output)?.[1] ?? '';
      demoKey = /Demo API key \(default plan\): (\S+)/.exec(output)?.[1] ?? '';
      return address && demoKey;
    },
    { timeout: SESSION_TIMEOUT_MS - 10_000, interval: 200, message: () => `npm start printed no address and key:\n${tail(output, 40)}` },
  );
}, { timeout: SESSION_TIMEOUT_MS });

after(async () => {
  await browser?.close().catch(() => undefined);
  // Whatever a failed step left running (a pid only while it still runs the same command).
  const left = [...(npmStart?.pid && !exited ? processTree(npmStart.pid) : []), ...started.filter((p) => !isGone(p) && commandLine(p) === commandLines.get(p))];
  for (const pid of new Set(left)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const dir of [demoDir, tmpDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs one step; after a failed step the later ones are skipped (they would fail for the same reason). */
async function inStep(t: TestContext, fn: () => Promise<void>): Promise<void> {
  if (failedStep) return t.skip(`skipped: the step "${failedStep}" failed`);
  try {
    await fn();
  } catch (e) {
    failedStep = t.name;
    const err = e instanceof Error ? e : new Error(String(e));
    const shot = path.join(RESULTS_DIR, `start-${t.name.replace(/[^\w.-]+/g, '_').slice(0, 60)}-failure.png`);
    if (page) {
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: shot }).catch(() => undefined);
      if (!err.message.includes('--- what the workbench shows ---')) err.message += `\n${await describePage(page)}`;
    }
    err.message += `\n--- npm start's output ---\n${tail(output, 30)}\nscreenshot: ${shot}`;
    throw err;
  }
}

test('npm start says what it does, then prints an address on 127.0.0.1 and the demo key', step, (t) =>
  inStep(t, async () => {
    for (const line of output.trim().split('\n')) t.diagnostic(`npm start: ${line}`);
    for (const stage of ['Building and packaging the extension, about', 'Checking the VS Code host', 'Starting the sandbox book service', 'Starting VS Code (code-server on 127.0.0.1)']) {
      assert.ok(output.includes(stage), `no stage line "${stage}"`);
    }
    assert.match(address, /^http:\/\/127\.0\.0\.1:\d+\/\?folder=\/.*\/samples$/);
    assert.match(demoKey, /^\d+_[0-9a-f]{32}$/);
  }),
);

test('the address opens VS Code on samples/ with ISBN Lens active', step, (t) =>
  inStep(t, async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US', timezoneId: 'UTC' });
    // The harness's helpers run functions in the page; tsx wraps named functions in `__name(...)`.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
    page = await context.newPage();
    await page.goto(address, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ state: 'attached', timeout: 60_000 });
    await page.locator('.part.statusbar').waitFor({ state: 'visible', timeout: 60_000 });
    await openFile(page, 'reading-list.md');
    // No key: the keyless sources answer, the first of them named.
    assert.equal(await waitForStatus(page, /^ISBN: Open Library$/, 30_000), 'ISBN: Open Library');
  }),
);

test('with no key set, the first hover over an ISBN of samples/ shows the book, its cover and its source', step, (t) =>
  inStep(t, async () => {
    await hoverText(page, '978-0-13-110362-7', { contains: 'Source: Open Library', timeout: 30_000 });
    // The cover rides in the hover's wait: a later hover has it if the first did not.
    const text = await hoverWithCover(page, '978-0-13-110362-7', 'Source: Open Library');
    assert.match(text, /The C Programming Language/);
    assert.doesNotMatch(text, /Set an API key/);
    // Open Library has no description: Google Books' fills it, and the hover says so.
    assert.match(text, /Source: Open Library; Google Books · [^\n]*description/);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'start-hover-no-key.png') });
    await page.mouse.move(0, 0);
  }),
);

test('the printed key, set through the palette, works: a hover over an ISBN of samples/ shows the book', step, (t) =>
  inStep(t, async () => {
    assert.equal(await enterApiKey(page, demoKey, /API key saved\. It works on/, { viaPalette: true }), 'ISBN Lens: API key saved. It works on the default plan.');
    const text = await hoverText(page, '978-0-13-110362-7', { contains: 'The C Programming Language', timeout: 30_000 });
    assert.match(text, /Brian W\. Kernighan/);
    assert.match(text, /Prentice Hall/);
    assert.match(text, /Source: ISBNdb/, 'with the key, the book service answers first');
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'start-hover.png') });
  }),
);

test('everything npm start runs listens on 127.0.0.1 only; code-server runs without telemetry or update checks', step, (t) =>
  inStep(t, async () => {
    started = processTree(npmStart.pid!);
    for (const pid of started) commandLines.set(pid, commandLine(pid));
    listening = listeningSockets(started);
    t.diagnostic(`${started.length} processes, listening on ${listening.map((l) => `${l.address}:${l.port}`).join(', ')}`);
    const port = Number(new URL(address).port);
    assert.ok(listening.some((l) => l.port === port), `nothing of npm start listens on ${port}`);
    for (const l of listening) assert.equal(l.address, '127.0.0.1', `a process of npm start listens on ${l.address}:${l.port}`);

    const server = started.map(commandLine).find((c) => c.includes('code-server/out/node/entry.js'));
    assert.ok(server, 'no code-server process');
    for (const flag of ['--disable-telemetry', '--disable-update-check']) assert.ok(server.includes(flag), `code-server runs without ${flag}`);
    assert.match(server, /--bind-addr 127\.0\.0\.1:\d+/);
    const settings = JSON.parse(fs.readFileSync(path.join(demoDir, 'demo-code-server', 'user-data', 'User', 'settings.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(settings['telemetry.telemetryLevel'], 'off');
    assert.equal(settings['extensions.autoCheckUpdates'], false);
    assert.equal(settings['update.mode'], 'none');
  }),
);

test('Ctrl+C stops every process npm start ran within 10 s and frees its ports', step, (t) =>
  inStep(t, async () => {
    assert.ok(started.length >= 4, `expected npm, tsx, code-server and its children, found ${started.length} processes`);
    await browser?.close();
    browser = undefined;
    const sent = Date.now();
    process.kill(-npmStart.pid!, 'SIGINT'); // the foreground process group, as a terminal's Ctrl+C
    await waitFor(() => started.every(isGone), {
      timeout: 10_000,
      interval: 100,
      message: () => `still running 10 s after SIGINT:\n${started.filter((p) => !isGone(p)).map((p) => `${p} ${commandLine(p)}`).join('\n')}`,
    });
    t.diagnostic(`all ${started.length} processes gone ${Date.now() - sent} ms after SIGINT`);
    for (const { port } of listening) assert.ok(await portIsFree(port), `port ${port} is still taken`);
    assert.match(output, /Stopping the ISBN Lens demo/);
    // Stopped in order, not cut short: code-server's temp folder goes once code-server has stopped.
    assert.deepEqual(fs.readdirSync(tmpDir).filter((f) => f.startsWith('isbn-lens-demo-')), [], 'npm start left its temp folder');
  }),
);

/** Gone, or a zombie waiting for its parent (it holds no resources). */
function isGone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** TCP sockets in LISTEN state held by `pids` (from /proc/<pid>/fd and /proc/net/tcp{,6}). */
function listeningSockets(pids: number[]): Array<{ address: string; port: number }> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    const fdDir = `/proc/${pid}/fd`;
    let fds: string[];
    try {
      fds = fs.readdirSync(fdDir);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(path.join(fdDir, fd)));
        if (m) inodes.add(m[1]!);
      } catch {
        /* closed meanwhile */
      }
    }
  }
  const found: Array<{ address: string; port: number }> = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      if (f.length < 10 || f[3] !== '0A' || !inodes.has(f[9]!)) continue;
      const [hexAddr, hexPort] = f[1]!.split(':') as [string, string];
      found.push({ address: decodeAddress(hexAddr), port: parseInt(hexPort, 16) });
    }
  }
  return found;
}

/** /proc/net/tcp's address: 4 bytes (IPv4) or 16 bytes (IPv6, shown unabbreviated), in 32-bit little-endian words. */
function decodeAddress(hex: string): string {
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => (word.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}

/** True when this process can listen on 127.0.0.1:port. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
