/**
 * What an API key may look like before it is stored. The key travels in an HTTP header, so only
 * visible ASCII can be sent; undici refuses anything else, and the user would read a network
 * failure instead of "this key has a stray character". Said while the key is typed.
 */
const MAX_KEY_LENGTH = 512;

/** Why the typed text cannot be a key, in the user's words; `undefined` when it can. */
export function apiKeyProblem(typed: string): string | undefined {
  const key = typed.trim();
  if (key === '') return 'Enter the key (it is kept in VS Code’s secret storage, never in settings).';
  if (key.length > MAX_KEY_LENGTH) return `That is ${key.length} characters; a key is far shorter. Paste only the key.`;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code >= 0x21 && code <= 0x7e) continue;
    const where = `at position ${i + 1}`;
    if (code === 0x20 || code === 0x09) return `The key has a space ${where}. Paste the key alone, without spaces.`;
    if (code < 0x20 || code === 0x7f) return `The key has an invisible control character ${where}. Paste the key again.`;
    const shown = String.fromCodePoint(key.codePointAt(i)!);
    return `The key has the character “${shown}” ${where}: a key has only letters, digits and ASCII signs. Paste it again from your account page.`;
  }
  return undefined;
}
