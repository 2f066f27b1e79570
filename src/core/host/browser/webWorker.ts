/**
 * A web Worker, nested in the browser's web-worker extension host, started from a blob URL of
 * the script's code (the extension's files cannot be fetched as a worker script there), seen as
 * the WorkerLike the citation engines use. A worker that fails to load reports an error event:
 * the asks fail and the next one starts it again.
 */
import type { Answer, Ask, WorkerLike } from '../citeprocWorker';

export function startWebWorker(source: string): WorkerLike {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const worker = new Worker(url);
  // The worker has read its script once it runs: the address is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  const like = {
    postMessage: (message: Ask) => worker.postMessage(message),
    on(event: 'message' | 'error' | 'exit', listener: (value: never) => void) {
      if (event === 'message') worker.addEventListener('message', (e: MessageEvent<Answer>) => (listener as (a: Answer) => void)(e.data));
      if (event === 'error') worker.addEventListener('error', (e: ErrorEvent) => (listener as (e: Error) => void)(new Error(e.message || 'the citation worker failed')));
      return like;
    },
    terminate: () => {
      worker.terminate();
      return Promise.resolve(0);
    },
  };
  return like as WorkerLike;
}
