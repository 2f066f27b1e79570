/**
 * `keyFingerprint` of the Node host (`host/node/keyFingerprint.ts`) with the browser's
 * SubtleCrypto: the same id for the same key, so logs read the same on both.
 */
export async function keyFingerprint(apiKey: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('isbn-lens:' + apiKey));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
