/** package.json as VS Code shows it: each `%key%` replaced by its English words from package.nls.json. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export function localizedManifest<T = unknown>(): T {
  const words = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'), (_key, value: unknown) =>
    typeof value === 'string' && /^%[^%]+%$/.test(value) ? (words[value.slice(1, -1)] ?? value) : value,
  ) as T;
}
