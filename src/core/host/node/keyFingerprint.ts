import { createHash } from 'node:crypto';

/** A stable, non-reversible id for an API key, for maps and file names that must not hold the key. */
export function keyFingerprint(apiKey: string): string {
  return createHash('sha256').update('isbn-lens:' + apiKey).digest('hex').slice(0, 16);
}
