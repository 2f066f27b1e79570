/** Text edits on a string by UTF-16 offsets: what the core computes and the editor applies. */

export interface TextEdit {
  /** Offsets into the text the edit was computed on; `start === end` inserts. */
  start: number;
  end: number;
  newText: string;
}

/**
 * Replaces text[start, end) with `newText` as the smallest edit: the common
 * prefix and suffix are left out, so undo and the editor's change markers
 * cover only what really changed. Undefined when nothing changes. Never cuts
 * a surrogate pair or a CRLF in two.
 */
export function minimalEdit(text: string, start: number, end: number, newText: string): TextEdit | undefined {
  const old = text.slice(start, end);
  if (old === newText) return undefined;
  let prefix = 0;
  const max = Math.min(old.length, newText.length);
  while (prefix < max && old.charCodeAt(prefix) === newText.charCodeAt(prefix)) prefix++;
  while (prefix > 0 && splitsPair(old, prefix)) prefix--;
  let suffix = 0;
  const maxSuffix = max - prefix;
  while (suffix < maxSuffix && old.charCodeAt(old.length - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)) suffix++;
  while (suffix > 0 && splitsPair(old, old.length - suffix)) suffix--;
  return { start: start + prefix, end: end - suffix, newText: newText.slice(prefix, newText.length - suffix) };
}

/** Is position k between the halves of a surrogate pair or of a CRLF? */
function splitsPair(s: string, k: number): boolean {
  const before = s.charCodeAt(k - 1);
  const after = s.charCodeAt(k);
  return (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) || (before === 13 && after === 10);
}

/** Applies non-overlapping edits computed on `text` (any order). For tests and previews. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`Overlapping edits at ${edit.start}.`);
    out += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** The line break a text uses: CRLF when its first line break is one, else LF. */
export function lineBreakOf(text: string, near = 0): '\n' | '\r\n' {
  let lf = text.indexOf('\n', near);
  if (lf < 0) lf = text.lastIndexOf('\n', near);
  return lf > 0 && text.charCodeAt(lf - 1) === 13 ? '\r\n' : '\n';
}
