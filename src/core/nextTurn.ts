/**
 * Resolves on a later turn of the event loop, after what waits (a hover, a keystroke) had its
 * go: `setImmediate` on Node. A browser's web worker (VS Code for the Web) has none, and its
 * `setTimeout(0)` waits at least 4 ms once nested, a fifth more time on top of 20 ms slices: there
 * a message to itself on a `MessageChannel` is the same turn without the wait.
 */
let channel: MessageChannel | undefined;
const waiting: Array<() => void> = [];

export function nextTurn(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = () => waiting.shift()?.();
      // Where ports keep a process alive (Node, in tests), this one must not.
      (channel.port1 as { unref?: () => void }).unref?.();
    }
    waiting.push(resolve);
    channel.port2.postMessage(undefined);
  });
}
