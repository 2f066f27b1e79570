/**
 * The shared ledger under several real processes (each one a window): the plan's rate is
 * never exceeded, nothing deadlocks, a stalled holder loses no one's updates, a killed
 * holder's lock and slot are recovered. Seconds of real time: the slow tier.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { SharedLedger } from '../../src/core/host/node/sharedLedger';
import { sleep } from '../helpers/time';
import { withDir } from '../helpers/tempDir';
import { maxInWindow } from '../helpers/windows';

const WORKER = join(__dirname, '..', 'helpers', 'ledgerWorker.ts');

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
    // It stalls mid-run, while the others have requests in flight and go on after it.
    const stalled = worker({ path, mode: 'stall', rate, windowMs, count: 40, stallMs: 3500, stallAt: 20 });
    const others = [0, 1, 2].map(() => worker({ path, mode: 'hammer', rate, windowMs, count: 40 }));
    const reports = await Promise.all([stalled, ...others].map((w) => w.report));
    assert.deepEqual(reports.flatMap((r) => r.errors), []);
    const starts = reports.flatMap((r) => r.starts);
    assert.equal(starts.length, 160);
    assert.ok(maxInWindow(starts, windowMs - 2) <= rate, `at most ${rate} starts in any window, got ${maxInWindow(starts, windowMs - 2)}`);
    // No update was put back over: no slot is left in flight, so a new request may go within a window.
    const ledger = await ledgerFile(path);
    assert.ok(ledger.slots.every((slot) => slot.end !== undefined), `slots left in flight: ${JSON.stringify(ledger.slots)}`);
    await sleep(windowMs + 10);
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
      await sleep(taken.ok ? 0 : taken.delayMs);
      taken = await ledger.take(1, 100);
    }
    assert.equal(taken.ok, true);
    assert.ok(Date.now() - began < 1000, 'recovered at once');
  }));
