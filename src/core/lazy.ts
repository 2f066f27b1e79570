/**
 * A value made on its first use, then kept. For module-level objects whose making costs time at
 * activation that most sessions never get back: a pattern with `\p{…}` classes takes 0.1–0.5 ms
 * to create (V8 builds the Unicode sets when the RegExp is made, not when it first runs). Such a
 * pattern is written as a string for `new RegExp`: V8 parses a regex literal when it compiles the
 * file, even inside a function that never runs, and pays the same sets then.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
