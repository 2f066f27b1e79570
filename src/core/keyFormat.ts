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

/**
 * Why a stored key cannot be sent, in a few words that show none of it (they may reach the log);
 * `undefined` when it can.
 */
export function storedKeyFault(key: string): string | undefined {
  const fault = faultOf(key);
  if (!fault) return undefined;
  switch (fault.kind) {
    case 'empty':
      return 'it is empty';
    case 'tooLong':
      return `it is ${fault.length} characters long`;
    case 'space':
      return `it has a space at position ${fault.position}`;
    case 'lineBreak':
      return `it has a line break at position ${fault.position}`;
    case 'control':
      return `it has an invisible control character at position ${fault.position}`;
    case 'nonAscii':
      return `it has a character that is not ASCII at position ${fault.position}`;
  }
}
