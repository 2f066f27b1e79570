/**
 * Every user-facing sentence goes through `vscode.l10n.t` in src/editor/words/, its message a
 * string literal (so that the bundle can be exported from the code), and l10n/bundle.l10n.json is
 * the bundle the code asks for (`npm run l10n:export` writes it again).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BUNDLE, bundleOf, bundleText, l10nCalls } from '../../scripts/l10nBundle';

const calls = l10nCalls();

test('every l10n.t message is a string literal, and every call is in the words module', () => {
  assert.ok(calls.length > 100, `${calls.length} calls found`);
  assert.deepEqual(
    calls.filter((c) => c.message === undefined).map((c) => `${c.file}:${c.line} ${c.notLiteral}`),
    [],
  );
  assert.deepEqual([...new Set(calls.map((c) => c.file))].filter((f) => !f.startsWith('src/editor/words/')), []);
});

test('no message puts a brace next to a placeholder ({{0}} is not filled in)', () => {
  assert.deepEqual(
    calls.filter((c) => /\{\{|\}\}/.test(c.message ?? '')).map((c) => c.message),
    [],
  );
});

test('l10n/bundle.l10n.json is the bundle the code asks for', () => {
  assert.equal(readFileSync(BUNDLE, 'utf8'), bundleText(bundleOf(calls)), 'run: npm run l10n:export');
});

test('the manifest names the bundle folder', () => {
  const manifest = JSON.parse(readFileSync(`${__dirname}/../../package.json`, 'utf8')) as { l10n?: string };
  assert.equal(manifest.l10n, './l10n');
});
