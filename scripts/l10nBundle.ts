/**
 * The l10n bundle from the code: every message of a `vscode.l10n.t('…')` call in src/, as
 * `l10n/bundle.l10n.json` (`{ "English": "English" }`, the shape `@vscode/l10n-dev export`
 * writes), the file a translation copies as `bundle.l10n.<lang>.json`. A small reader in place of
 * that tool, which is not among the dependencies: it takes the first argument of each call, which
 * must be a plain string literal (test/unit/l10nMessages.test.ts checks that, and that the
 * bundle is current). Usage: npm run l10n:export (writes the bundle).
 *
 * The bundle's keys are the English messages, so a changed message is a new key that the
 * translations lack (test/unit/translations.test.ts says so). The manifest's keys are names
 * (`command.findBook.title`): `l10n/translated-from.json` keeps a digest of the English each
 * translation was made from, and the test fails when the English changed since. After updating
 * the translations: npm run l10n:export -- --translated (records the English they now follow).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
export const BUNDLE = join(ROOT, 'l10n', 'bundle.l10n.json');

export interface L10nCall {
  /** The file, from the project root, and the line of the call. */
  file: string;
  line: number;
  /** The message, when the first argument is a string literal; undefined otherwise. */
  message?: string;
  /** What stands as the first argument when it is not a plain string literal. */
  notLiteral?: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0' };

/** The string literal that begins at `start` (a quote), and where it ends; undefined if there is none. */
function stringLiteral(text: string, start: number): { value: string; end: number } | undefined {
  const quote = text[start];
  if (quote !== "'" && quote !== '"') return undefined;
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === quote) return { value, end: i + 1 };
    if (c === '\n') return undefined;
    if (c === '\\') {
      const next = text[++i]!;
      value += ESCAPES[next] ?? next;
    } else {
      value += c;
    }
  }
  return undefined;
}

/** Every `l10n.t(` call in the TypeScript files under `root`. */
export function l10nCalls(root = join(ROOT, 'src')): L10nCall[] {
  const calls: L10nCall[] = [];
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(ROOT, path).split('\\').join('/');
    for (const match of text.matchAll(/\bl10n\.t\(\s*/g)) {
      const at = match.index + match[0].length;
      const line = text.slice(0, match.index).split('\n').length;
      const literal = stringLiteral(text, at);
      // A literal followed by `+` is a concatenation: not one message.
      if (literal && /^\s*[,)]/.test(text.slice(literal.end))) calls.push({ file, line, message: literal.value });
      else calls.push({ file, line, notLiteral: text.slice(at, at + 40).split('\n')[0] });
    }
  }
  return calls;
}

/** The bundle the code asks for: each message once, in the order first met. */
export function bundleOf(calls: readonly L10nCall[]): Record<string, string> {
  const bundle: Record<string, string> = {};
  for (const { message } of calls) if (message !== undefined) bundle[message] = message;
  return bundle;
}

export const TRANSLATED_FROM = join(ROOT, 'l10n', 'translated-from.json');

/** A short digest of an English text, as `translated-from.json` records it. */
export function digestOf(english: string): string {
  return createHash('sha256').update(english).digest('hex').slice(0, 12);
}

/** The digest of each manifest string's English (package.nls.json). */
export function manifestDigests(): Record<string, string> {
  const english = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(english).map(([key, text]) => [key, digestOf(text)]));
}

export function bundleText(bundle: Record<string, string>): string {
  return `${JSON.stringify(bundle, null, 2)}\n`;
}

if (require.main === module) {
  const calls = l10nCalls();
  const wrong = calls.filter((c) => c.message === undefined);
  for (const c of wrong) console.error(`${c.file}:${c.line}: l10n.t's message is not a string literal: ${c.notLiteral}`);
  if (wrong.length > 0) process.exit(1);
  const bundle = bundleOf(calls);
  writeFileSync(BUNDLE, bundleText(bundle));
  console.log(`${relative(ROOT, BUNDLE)}: ${Object.keys(bundle).length} messages.`);
  if (process.argv.includes('--translated')) {
    writeFileSync(TRANSLATED_FROM, bundleText(manifestDigests()));
    console.log(`${relative(ROOT, TRANSLATED_FROM)}: the translations now follow the English of package.nls.json.`);
  }
}
