/** The rate count shared by windows through a file (host/node/sharedLedger.ts): real files and real time, so in the slow tier. */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { sleep } from '../helpers/time';
import { SharedLedger } from '../../src/core/host/node/sharedLedger';
import { Throttle } from '../../src/core/rate/throttle';
import { withDir } from '../helpers/tempDir';
import { maxInWindow } from '../helpers/windows';

async function ledgerFile(path: string): Promise<{ version: number; slots: { end?: number }[] }> {
  return JSON.parse(await readFile(path, 'utf8'));
}

test('a live holder\'s lock is not broken, 10 s on', { timeout: 30_000 }, () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    await mkdir(dir, { recursive: true });
    // The lock of a running process (this one's parent), made long ago.
    await writeFile(`${path}.lock`, JSON.stringify({ token: 'someone', pid: process.ppid, host: hostname() }));
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
    const throttles = [0, 1, 2].map(() => new Throttle(2, { windowMs: 80, ledger: new SharedLedger(path) }));
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
    assert.ok(maxInWindow(starts, 78) <= 2, `at most 2 in any window, got ${maxInWindow(starts, 78)}`);
    for (const t of throttles) t.dispose();
  }));

test('a pause seen by one window holds the others back', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    const a = new Throttle(5, { windowMs: 100, ledger: new SharedLedger(path) });
    const b = new Throttle(5, { windowMs: 100, ledger: new SharedLedger(path) });
    (await a.acquire())();
    a.pauseUntil(Date.now() + 150);
    await sleep(30);
    const began = performance.now();
    (await b.acquire())();
    assert.ok(performance.now() - began >= 100, 'b waited for the pause a learned of');
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

test('a slot that comes free goes to the window that waited longest', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    let now = 1_000_000;
    const [a, b, c] = [0, 1, 2].map(() => new SharedLedger(path, { now: () => now }));
    const first = await a!.take(1, 100);
    assert.equal(first.ok, true);
    now += 10;
    assert.equal((await b!.take(1, 100)).ok, false, 'b waits');
    now += 10;
    assert.equal((await c!.take(1, 100)).ok, false, 'c waits behind b');
    await a!.release([first.ok ? first.id : ''], 100);
    now += 100;
    assert.equal((await a!.take(1, 100)).ok, false, 'a, whose answer just came, does not jump the queue');
    assert.equal((await c!.take(1, 100)).ok, false, 'nor does c');
    assert.equal((await b!.take(1, 100)).ok, true, 'b, who waited longest, gets the slot');
  }));
