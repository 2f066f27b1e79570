/** The Node host's citation worker script (dist/citeprocWorker.js, a bundle of its own that requires dist/citeproc.js): citeprocWorkerAnswers.ts on a worker_threads port. */
import { parentPort } from 'node:worker_threads';
import { serveAsks } from '../citeprocWorkerAnswers';

const port = parentPort;
if (port) port.on('message', serveAsks((answer) => port.postMessage(answer)));
