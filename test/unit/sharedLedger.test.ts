import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SharedLedger } from '../../src/core/service/sharedLedger';
import { Throttle } from '../../src/core/service/throttle';
import { maxInWindow } from '../helpers/windows';

async function withDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'isbn-lens-ledger-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

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

test('a corrupt ledger file is replaced; a stale lock is broken', () =>
  withDir(async (dir) => {
    const path = join(dir, 'k.json');
    await writeFile(path, '{not json');
    const ledger = new SharedLedger(path);
    const taken = await ledger.take(1, 100);
    assert.equal(taken.ok, true);
    const { mkdir, utimes } = await import('node:fs/promises');
    await mkdir(`${path}.lock`);
    const old = new Date(Date.now() - 10_000);
    await utimes(`${path}.lock`, old, old);
    const again = await ledger.take(1, 100);
    assert.equal(again.ok, false, 'the first slot still holds the window');
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
