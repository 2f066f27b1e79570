/**
 * The citation worker's script run from source (through tsx's require hook: a Worker's execArgv
 * `--import tsx` does not reach its loader on Node 20), for the slow tests and the bench.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerLike } from '../../src/core/host/citeprocWorker';

const SCRIPT = join(__dirname, '../../src/core/host/node/citeprocWorkerMain.ts');

export function citeprocWorkerFromSource(): WorkerLike {
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(SCRIPT)});`, { eval: true }) as unknown as WorkerLike;
}
