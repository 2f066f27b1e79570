/** Reads an HTTP answer's body, but never more than a cap: a larger one is cut off and refused. */
import type { Dispatcher } from 'undici';

/** The body, or undefined when it is larger than `maxBytes` (the stream is then destroyed). */
export async function readBodyCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
