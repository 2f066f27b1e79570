/**
 * The translations (issue 40): each `l10n/bundle.l10n.<lang>.json` and `package.nls.<lang>.json`
 * translates every key of its English file and nothing else, with no empty value, and keeps what
 * the code and VS Code fill in or act on: the placeholders (`{0}`, `{name}`), the codicons
 * (`$(search)`), the targets of Markdown links (`command:…`, with their `%5B…` encoding), the
 * `#setting#` references and the code spans. German and French must be there; another language
 * added later is checked alike.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { manifestDigests } from '../../scripts/l10nBundle';

const ROOT = join(__dirname, '..', '..');
const LANGUAGES = ['de', 'fr'];

type Words = Record<string, string>;

function read(path: string): Words {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Words;
}

/** The languages that have a file `<prefix><lang>.json` in `dir`. */
function languagesOf(dir: string, prefix: string): string[] {
  return readdirSync(join(ROOT, dir))
    .map((name) => new RegExp(`^${prefix.replace(/\./g, '\\.')}([a-z]{2}(?:-[a-z]+)?)\\.json$`, 'i').exec(name)?.[1])
    .filter((lang): lang is string => lang !== undefined)
    .sort();
}

/** What must stand in a translation exactly as in the English text, each kind as a sorted list. */
function kept(text: string): Record<string, string[]> {
  const all = (re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!).sort();
  return {
    placeholders: [...new Set(all(/(\{[A-Za-z0-9_]+\})/g))].sort(),
    codicons: all(/(\$\([a-z0-9~-]+\))/g),
    linkTargets: all(/\]\(([^)\s]+)\)/g),
    settings: all(/(#[A-Za-z0-9_.]+#)/g),
    codeSpans: all(/(`[^`]+`)/g),
    bold: [String((text.match(/\*\*/g) ?? []).length)],
  };
}

/** Every way `translation` differs from `english` where it must not: missing and extra keys, empty values, changed parts. */
function problems(english: Words, translation: Words): string[] {
  const found: string[] = [];
  for (const key of Object.keys(english)) if (!(key in translation)) found.push(`missing: ${JSON.stringify(key)}`);
  for (const key of Object.keys(translation)) if (!(key in english)) found.push(`extra: ${JSON.stringify(key)}`);
  for (const [key, value] of Object.entries(translation)) {
    if (!(key in english)) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      found.push(`empty: ${JSON.stringify(key)}`);
      continue;
    }
    const want = kept(english[key]!);
    const got = kept(value);
    for (const kind of Object.keys(want)) {
      if (JSON.stringify(want[kind]) !== JSON.stringify(got[kind])) {
        found.push(`${kind} of ${JSON.stringify(key)}: ${JSON.stringify(got[kind])}, not ${JSON.stringify(want[kind])}`);
      }
    }
  }
  return found;
}

const bundle = read('l10n/bundle.l10n.json');
const nls = read('package.nls.json');

test('German and French are there, for the code and for the manifest', () => {
  for (const lang of LANGUAGES) {
    assert.ok(languagesOf('l10n', 'bundle.l10n.').includes(lang), `l10n/bundle.l10n.${lang}.json`);
    assert.ok(languagesOf('.', 'package.nls.').includes(lang), `package.nls.${lang}.json`);
  }
});

for (const lang of languagesOf('l10n', 'bundle.l10n.')) {
  test(`l10n/bundle.l10n.${lang}.json translates every message of the English bundle, keeping its placeholders`, () => {
    assert.deepEqual(problems(bundle, read(`l10n/bundle.l10n.${lang}.json`)), []);
  });
}

for (const lang of languagesOf('.', 'package.nls.')) {
  test(`package.nls.${lang}.json translates every key of package.nls.json, keeping links, settings and code`, () => {
    assert.deepEqual(problems(nls, read(`package.nls.${lang}.json`)), []);
  });
}

test('every %key% of package.json is a key of package.nls.json, so each translation has it too', () => {
  const manifest = readFileSync(join(ROOT, 'package.json'), 'utf8');
  const references = [...manifest.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]!);
  assert.ok(references.length > 40, `${references.length} references`);
  assert.deepEqual(
    references.filter((key) => !(key in nls)),
    [],
  );
});

test('the checks find what they are for', () => {
  assert.deepEqual(
    problems(
      { 'ISBN {0}: {1}': 'ISBN {0}: {1}', '$(key) Set API Key': '$(key) Set API Key', 'a `b`': 'a `b`', c: 'c' },
      { 'ISBN {0}: {1}': 'ISBN {0}', '$(key) Set API Key': 'API-Schlüssel festlegen', 'a `b`': 'a b', d: 'd' },
    ).map((p) => p.split(/[: ]/)[0]),
    ['missing', 'extra', 'placeholders', 'codicons', 'codeSpans'],
  );
  assert.deepEqual(problems({ x: '[a](command:x?%5B%22y%22%5D)' }, { x: '[b](command:x?%5B%22z%22%5D)' }).length, 1);
  assert.deepEqual(problems({ x: 'y' }, { x: ' ' }), ['empty: "x"']);
});

test('the manifest translations follow the current English: a changed English string is translated again', () => {
  const recorded = read('l10n/translated-from.json');
  const current = manifestDigests();
  const stale = Object.keys(current).filter((key) => recorded[key] !== current[key]);
  assert.deepEqual(
    stale,
    [],
    'package.nls.json changed since these were translated: update package.nls.<lang>.json for each, then run `npm run l10n:export -- --translated`',
  );
});
