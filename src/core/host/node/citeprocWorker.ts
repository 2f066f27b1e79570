/** The Node host's citation worker: dist/citeprocWorker.js (node/citeprocWorkerMain.ts) beside the bundle that holds this module (dist/lazy.js). */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WorkerLike } from '../citeprocWorker';

export function startNodeWorker(): WorkerLike {
  return new Worker(path.join(__dirname, 'citeprocWorker.js'));
}
