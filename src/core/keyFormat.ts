/**
 * What an API key may look like. The key travels in an HTTP header, so only visible ASCII can be
 * sent; undici refuses anything else, and the user would read a network failure instead of "this
 * key has a stray character". Said while the key is typed, and again when a key already stored
 * (set before this check, or by another tool) is about to be sent.
 */
const MAX_KEY_LENGTH = 512;

/** Why a text cannot be a key: its kind, with where (the editor's words say it). */
export type KeyFault = { kind: 'empty' } | { kind: 'tooLong'; length: number } | { kind: 'space' | 'lineBreak' | 'control' | 'nonAscii'; position: number; shown: string };

function faultOf(key: string): KeyFault | undefined {
  if (key === '') return { kind: 'empty' };
  if (key.length > MAX_KEY_LENGTH) return { kind: 'tooLong', length: key.length };
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code >= 0x21 && code <= 0x7e) continue;
    const position = i + 1;
    const shown = String.fromCodePoint(key.codePointAt(i)!);
    if (code === 0x20 || code === 0x09) return { kind: 'space', position, shown };
    if (code === 0x0a || code === 0x0d) return { kind: 'lineBreak', position, shown };
    if (code < 0x20 || code === 0x7f) return { kind: 'control', position, shown };
    return { kind: 'nonAscii', position, shown };
  }
  return undefined;
}

/** Why the typed text (trimmed) cannot be a key; `undefined` when it can. */
export function typedKeyFault(typed: string): KeyFault | undefined {
  return faultOf(typed.trim());
}

/** A stored key's fault, without the character itself: it may reach the log. */
export type StoredKeyFault = { kind: 'empty' } | { kind: 'tooLong'; length: number } | { kind: 'space' | 'lineBreak' | 'control' | 'nonAscii'; position: number };

/**
 * Why a stored key cannot be sent, as a kind that shows none of it (the editor's words say it);
 * `undefined` when it can.
 */
export function storedKeyFault(key: string): StoredKeyFault | undefined {
  const fault = faultOf(key);
  if (!fault) return undefined;
  return 'shown' in fault ? { kind: fault.kind, position: fault.position } : fault;
}
