/**
 * A value made on its first use, then kept. For module-level objects whose making costs time at
 * activation that most sessions never get back: a pattern with `\p{…}` classes takes 0.1–0.5 ms
 * to create (V8 builds the Unicode sets when the RegExp is made, not when it first runs).
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
