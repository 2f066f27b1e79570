/**
 * A file's bytes as text without holding the extension host: decoding a
 * 50 MB library with accents is one TextDecoder call of ~200 ms, so files
 * from 4 MB are decoded in a worker thread and only the copy of the string
 * back (~30 ms for 50 MB) happens on the host's thread. Where no worker can
 * run, the bytes are decoded here as before.
 */
import { Worker } from 'node:worker_threads';

const IN_A_WORKER_FROM = 4 * 1024 * 1024;

const WORKER = `const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage(new TextDecoder('utf-8').decode(workerData));`;

export async function decodeUtf8(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength < IN_A_WORKER_FROM) return new TextDecoder('utf-8').decode(bytes);
  try {
    return await inAWorker(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function inAWorker(bytes: Uint8Array): Promise<string> {
  // A view of a larger buffer would send the whole buffer: send its own bytes only.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: own });
    worker.once('message', (text: unknown) => {
      void worker.terminate();
      if (typeof text === 'string') resolve(text);
      else reject(new Error('the decoding worker answered something else than text'));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the decoding worker exited (${code})`)));
  });
}
