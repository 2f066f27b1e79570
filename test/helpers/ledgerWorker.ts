/**
 * One "window" in its own process, for the shared-ledger tests: it takes slots through a
 * real throttle on the shared file and reports when each started. Modes:
 * - `hammer`: `count` requests, each answered after 0–15 ms;
 * - `stall`: the same, but update number `stallAt` blocks the whole process for `stallMs` inside the lock;
 * - `die`: takes one slot, then dies (SIGKILL) inside the lock while reporting its answer.
 */
import { SharedLedger } from '../../src/core/host/node/sharedLedger';
import { Throttle } from '../../src/core/rate/throttle';

interface Job {
  path: string;
  mode: 'hammer' | 'stall' | 'die';
  rate: number;
  windowMs: number;
  count: number;
  stallMs?: number;
  stallAt?: number;
}

function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

process.once('message', async (job: Job) => {
  if (job.mode === 'die') {
    const ledger = new SharedLedger(job.path);
    const taken = await ledger.take(job.rate, job.windowMs);
    if (!taken.ok) throw new Error('the ledger should have had room');
    process.send!({ taken: true });
    const dying = new SharedLedger(job.path, { insideLock: () => void process.kill(process.pid, 'SIGKILL') });
    await dying.release([taken.id], job.windowMs);
    return;
  }
  let updates = 0;
  const ledger = new SharedLedger(job.path, {
    insideLock: () => {
      if (job.mode === 'stall' && ++updates === (job.stallAt ?? 1)) blockFor(job.stallMs ?? 3500);
    },
  });
  const errors: string[] = [];
  const throttle = new Throttle(job.rate, { windowMs: job.windowMs, ledger, onLedgerError: (e) => errors.push(String(e)) });
  const starts: number[] = [];
  await Promise.all(
    Array.from({ length: job.count }, async () => {
      const release = await throttle.acquire();
      starts.push(Date.now());
      setTimeout(release, Math.random() * 15);
    }),
  );
  await throttle.close();
  process.send!({ starts, errors }, () => process.exit(0));
});
