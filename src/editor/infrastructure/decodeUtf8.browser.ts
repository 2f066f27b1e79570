/**
 * `decodeUtf8` in VS Code for the Web (esbuild.js puts it in place of `decodeUtf8.ts` in the
 * browser bundle): the extension already runs in a web worker there, off the page's thread,
 * and has no worker threads of Node's; the bytes are decoded where they are.
 */
export function decodeUtf8(bytes: Uint8Array): Promise<string> {
  return Promise.resolve(new TextDecoder('utf-8').decode(bytes));
}
