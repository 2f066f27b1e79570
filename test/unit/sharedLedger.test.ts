import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SharedLedger } from '../../src/core/service/rate/sharedLedger';
import { Throttle } from '../../src/core/service/rate/throttle';
import { maxInWindow } from '../helpers/windows';

const WORKER = join(__dirname, '..', 'helpers', 'ledgerWorker.ts');

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'isbn-lens-ledger-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

interface WorkerReport {
  starts: number[];
  errors: string[];
}

function worker(job: Record<string, unknown>): { child: ChildProcess; report: Promise<WorkerReport> } {
  const child = fork(WORKER, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const report = new Promise<WorkerReport>((resolve, reject) => {
    child.once('message', (message) => resolve(message as WorkerReport));
    child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before reporting`)));
  });
  child.send(job);
  return { child, report };
}

async function ledgerFile(path: string): Promise<{ version: number; slots: { end?: number }[] }> {
  return JSON.parse(await readFile(path, 'utf8'));
}

test('four processes hammering one ledger never exceed the rate, and all finish', { timeout: 60_000 }, () =>
  withDir(async (dir) => {
    const path = join(dir, 'default-key.json');
    const rate = 3;
    const windowMs = 150;
    const reports = await Promise.all([0, 1, 2, 3].map(() => worker({ path, mode: 'hammer', rate, windowMs, count: 12 }).report));
    const starts = reports.flatMap((r) => r.starts);
    assert.equal(starts.length, 48);
    assert.deepEqual(reports.flatMap((r) => r.errors), [], 'no process fell back to its own count');
    assert.ok(maxInWindow(starts, windowMs - 2) <= rate, `at most ${rate} starts in any window, got ${maxInWindow(starts, windowMs - 2)}`);
    const ledger = await ledgerFile(path);
    assert.ok(ledger.slots.every((slot) => slot.end !== undefined), 'every answer was recorded');
  }));

test('a process stalled 3.5 s inside the lock keeps it, and loses no one else\'s updates', { timeout: 60_000 }, () =>
  withDir(async (dir) => {
    const path = join(dir, 'premium-key.json');
    const rate = 3;
    const windowMs = 100;
    const stalled = worker({ path, mode: 'stall', rate, windowMs, count: 6, stallMs: 3500 });
    await new Promise((r) => setTimeout(r, 300));
    const others = [0, 1, 2].map(() => worker({ path, mode: 'hammer', rate, windowMs, count: 10 }));
    const reports = await Promise.all([stalled, ...others].map((w) => w.report));
    assert.deepEqual(reports.flatMap((r) => r.errors), []);
    const starts = reports.flatMap((r) => r.starts);
    assert.equal(starts.length, 36);
    assert.ok(maxInWindow(starts, windowMs - 2) <= rate, `at most ${rate} starts in any window, got ${maxInWindow(starts, windowMs - 2)}`);
    // No update was put back over: no slot is left in flight, so a new request may go within a window.
    const ledger = await ledgerFile(path);
    assert.ok(ledger.slots.every((slot) => slot.end !== undefined), `slots left in flight: ${JSON.stringify(ledger.slots)}`);
    await new Promise((r) => setTimeout(r, windowMs + 10));
    const taken = await new SharedLedger(path).take(1, windowMs);
    assert.equal(taken.ok, true, 'the next request may go at once');
  }));

test('a holder killed inside the lock: its lock is recovered and its slot ends at once', { timeout: 30_000 }, () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    const dying = worker({ path, mode: 'die', rate: 1, windowMs: 100 });
    await dying.report;
    await new Promise<void>((resolve) => (dying.child.exitCode !== null || dying.child.signalCode !== null ? resolve() : dying.child.once('exit', () => resolve())));
    const lock = JSON.parse(await readFile(`${path}.lock`, 'utf8'));
    assert.equal(lock.pid, dying.child.pid, 'the dead process still holds the lock');
    const ledger = new SharedLedger(path);
    const began = Date.now();
    let taken = await ledger.take(1, 100);
    if (!taken.ok) {
      assert.ok(taken.delayMs <= 100, `the dead process's slot counts one window at most, not ${taken.delayMs} ms`);
      await new Promise((r) => setTimeout(r, taken.ok ? 0 : taken.delayMs));
      taken = await ledger.take(1, 100);
    }
    assert.equal(taken.ok, true);
    assert.ok(Date.now() - began < 1000, 'recovered at once');
  }));

test('a live holder\'s lock is never broken, however long it is held', { timeout: 30_000 }, () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    await mkdir(dir, { recursive: true });
    // The lock of a running process (this one's parent), made long ago.
    await writeFile(`${path}.lock`, JSON.stringify({ token: 'someone', pid: process.ppid, host: hostname() }));
    const { utimes } = await import('node:fs/promises');
    const old = new Date(Date.now() - 10_000);
    await utimes(`${path}.lock`, old, old);
    const ledger = new SharedLedger(path, { lock: { waitMs: 300 } });
    await assert.rejects(ledger.take(1, 100), /held by a running process/);
    assert.equal(JSON.parse(await readFile(`${path}.lock`, 'utf8')).token, 'someone', 'the lock is still its holder\'s');
    // Its holder releases it; then the ledger works.
    await rm(`${path}.lock`);
    assert.equal((await ledger.take(1, 100)).ok, true);
  }));

test('a corrupt or huge ledger file is replaced', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    await writeFile(path, '{not json');
    assert.equal((await new SharedLedger(path).take(1, 100)).ok, true);
    // A file far larger than any ledger: not read, replaced.
    await writeFile(path, JSON.stringify({ version: 1, slots: Array.from({ length: 20_000 }, (_, i) => ({ id: `s${i}`, start: Date.now() })) }));
    assert.equal((await new SharedLedger(path).take(1, 100)).ok, true);
    assert.equal((await ledgerFile(path)).slots.length, 1);
  }));

test('times written before the clock was stepped back count as now', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    const now = Date.now();
    const hour = 3_600_000;
    // Written an hour "in the future": a slot answered then, and a 2 s pause set then.
    await writeFile(path, JSON.stringify({ version: 3, slots: [{ id: 'a', start: now + hour, end: now + hour }], pause: { setAt: now + hour, until: now + hour + 2000 } }));
    const taken = await new SharedLedger(path, { now: () => now }).take(1, 100);
    assert.equal(taken.ok, false);
    assert.ok(!taken.ok && taken.delayMs <= 2000, `waits at most the pause's own length, not the step: ${!taken.ok && taken.delayMs} ms`);
  }));

test('three throttles sharing a ledger stay within the rate together', () =>
  withDir(async (dir) => {
    const path = join(dir, 'default-key.json');
    const throttles = [0, 1, 2].map(() => new Throttle(2, { windowMs: 200, ledger: new SharedLedger(path) }));
    const starts: number[] = [];
    await Promise.all(
      throttles.flatMap((throttle) =>
        Array.from({ length: 4 }, async () => {
          const release = await throttle.acquire();
          starts.push(performance.now());
          setTimeout(release, 5);
        }),
      ),
    );
    assert.equal(starts.length, 12);
    assert.ok(maxInWindow(starts, 199) <= 2, `at most 2 in any window, got ${maxInWindow(starts, 199)}`);
    for (const t of throttles) t.dispose();
  }));

test('a pause seen by one window holds the others back', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    const a = new Throttle(5, { windowMs: 100, ledger: new SharedLedger(path) });
    const b = new Throttle(5, { windowMs: 100, ledger: new SharedLedger(path) });
    (await a.acquire())();
    a.pauseUntil(Date.now() + 300);
    await new Promise((r) => setTimeout(r, 30));
    const began = performance.now();
    (await b.acquire())();
    assert.ok(performance.now() - began >= 250, 'b waited for the pause a learned of');
    a.dispose();
    b.dispose();
  }));

test('closing a window ends the slots it still holds, so the others need not wait for them', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    const closing = new Throttle(1, { windowMs: 100, ledger: new SharedLedger(path) });
    await closing.acquire(); // A request in flight when the window closes.
    await closing.close();
    const slots = (await ledgerFile(path)).slots;
    assert.equal(slots.length, 1);
    assert.notEqual(slots[0]!.end, undefined, 'the slot ended when the window closed');
  }));

test('when the ledger cannot be written the throttle keeps its own count and says so', () =>
  withDir(async (dir) => {
    // A file where the ledger's folder should be: every write fails.
    await writeFile(join(dir, 'blocked'), '');
    const errors: unknown[] = [];
    const throttle = new Throttle(5, { windowMs: 100, ledger: new SharedLedger(join(dir, 'blocked', 'k.json')), onLedgerError: (e) => errors.push(e) });
    (await throttle.acquire())();
    assert.equal(errors.length, 1);
    (await throttle.acquire())();
    assert.equal(errors.length, 1, 'told once');
    throttle.dispose();
  }));
