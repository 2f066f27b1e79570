/**
 * The browser build's citation worker script: citeprocWorkerAnswers.ts in a Worker nested in the
 * web-worker extension host, with citeproc-js inlined. esbuild.js bundles it to a string that
 * dist/web/extension.js starts from a blob URL (webWorker.ts).
 */
import type { Answer, Ask } from '../citeprocWorker';
import { serveAsks } from '../citeprocWorkerAnswers';

const scope = self as unknown as { postMessage(answer: Answer): void; onmessage: ((event: MessageEvent<Ask>) => void) | null };
const serve = serveAsks((answer) => scope.postMessage(answer));
scope.onmessage = (event) => serve(event.data);
