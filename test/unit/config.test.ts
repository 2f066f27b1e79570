import assert from 'node:assert/strict';
import { localizedManifest } from '../helpers/manifest';
import { test } from 'node:test';
import { changeSettings } from '../helpers/fakeVscode';
import { Config } from '../../src/editor/infrastructure/config';

test('plan and base URLs come from user settings only: a workspace cannot redirect the key', () => {
  changeSettings({
    user: { 'isbnLens.plan': 'premium', 'isbnLens.baseUrls': { premium: 'http://127.0.0.1:9/' } },
    workspace: { 'isbnLens.plan': 'pro', 'isbnLens.baseUrls': { premium: 'https://evil.example/', pro: 'https://evil.example/' } },
  });
  const config = new Config();
  assert.equal(config.plan, 'premium');
  assert.equal(config.baseUrl()?.href, 'http://127.0.0.1:9/');
  config.dispose();
});

test('defaults to the default plan and the real hosts; bad values fall back or are refused', () => {
  changeSettings({ user: {}, workspace: {} });
  const config = new Config();
  assert.equal(config.plan, 'default');
  assert.equal(config.baseUrl()?.href, 'https://api2.isbndb.com/');
  changeSettings({ user: { 'isbnLens.plan': 'gold', 'isbnLens.baseUrls': { default: 'ftp://x' }, 'isbnLens.batchSize': 5000 }, workspace: {} });
  assert.equal(config.plan, 'default');
  assert.equal(config.baseUrl(), undefined, 'not an http(s) address: no client rather than a wrong host');
  assert.equal(config.batchSize, 100);
  config.dispose();
});

test('a change of an isbnLens setting is announced', () => {
  const config = new Config();
  let fired = 0;
  config.onDidChange(() => fired++);
  changeSettings({ user: { 'isbnLens.batchSize': 50 } });
  assert.equal(fired, 1);
  assert.equal(config.batchSize, 50);
  config.dispose();
});

test('changed(event, key) tells which settings a change concerns', () => {
  const config = new Config();
  const seen: string[] = [];
  config.onDidChange((event) => {
    for (const key of ['plan', 'baseUrls', 'batchSize', 'requestTimeoutSeconds'] as const) if (config.changed(event, key)) seen.push(key);
  });
  changeSettings({ user: { 'isbnLens.batchSize': 20 } }, ['isbnLens.batchSize']);
  assert.deepEqual(seen, ['batchSize']);
  seen.length = 0;
  changeSettings({ user: { 'isbnLens.plan': 'pro' } }, ['isbnLens.plan']);
  assert.deepEqual(seen, ['plan']);
  config.dispose();
});

test('the BibTeX dialect and the cite-key pattern: workspace values apply, bad ones fall back', () => {
  changeSettings({ user: {}, workspace: {} });
  const config = new Config();
  assert.equal(config.bibtexDialect(), 'auto');
  assert.equal(config.citeKeyPattern(), undefined, 'unset: the core default applies');
  changeSettings({ user: { 'isbnLens.bibtex.dialect': 'bibtex' }, workspace: { 'isbnLens.bibtex.dialect': 'biblatex', 'isbnLens.citeKey.pattern': ' [auth][year] ' } });
  assert.equal(config.bibtexDialect(), 'biblatex');
  assert.equal(config.citeKeyPattern(), '[auth][year]');
  changeSettings({ user: {}, workspace: { 'isbnLens.bibtex.dialect': 'amsrefs', 'isbnLens.citeKey.pattern': '   ' } });
  assert.equal(config.bibtexDialect(), 'auto');
  assert.equal(config.citeKeyPattern(), undefined);
  config.dispose();
});

test('the manifest declares the dialect and cite-key settings with the defaults the code uses', async () => {
  const { DEFAULT_CITE_KEY_PATTERN } = await import('../../src/core/formats/bibtex/citeKeyPattern');
  const manifest = localizedManifest<{
    contributes: { commands: Array<{ command: string; title: string; category: string }>; configuration: { properties: Record<string, { default: unknown; enum?: unknown[] }> } };
  }>();
  const properties = manifest.contributes.configuration.properties;
  assert.deepEqual(properties['isbnLens.bibtex.dialect']?.enum, ['auto', 'bibtex', 'biblatex']);
  assert.equal(properties['isbnLens.bibtex.dialect']?.default, 'auto');
  assert.equal(properties['isbnLens.citeKey.pattern']?.default, DEFAULT_CITE_KEY_PATTERN);
  const insert = manifest.contributes.commands.find((c) => c.command === 'isbnLens.insertEntry');
  assert.deepEqual(insert && { title: insert.title, category: insert.category }, { title: 'Insert Bibliography Entry for ISBN', category: 'ISBN Lens' });
});

test('batch size: the plan\'s maximum unless the user set a number', () => {
  changeSettings({ user: { 'isbnLens.plan': 'pro' }, workspace: {} });
  const config = new Config();
  assert.equal(config.batchSize, 1000, 'pro: 1,000');
  changeSettings({ user: { 'isbnLens.plan': 'premium' }, workspace: {} });
  assert.equal(config.batchSize, 1000, 'premium: 1,000');
  changeSettings({ user: { 'isbnLens.plan': 'default' }, workspace: {} });
  assert.equal(config.batchSize, 100, 'default: 100');
  changeSettings({ user: { 'isbnLens.plan': 'pro', 'isbnLens.batchSize': 250 }, workspace: {} });
  assert.equal(config.batchSize, 250, 'a number the user set wins');
  changeSettings({ user: { 'isbnLens.plan': 'pro', 'isbnLens.batchSize': 0 }, workspace: {} });
  assert.equal(config.batchSize, 1000, 'an unusable number falls back to the plan');
  changeSettings({ user: { 'isbnLens.plan': 'default' }, workspace: { 'isbnLens.batchSize': 1000 } });
  assert.equal(config.batchSize, 100, 'application-scoped: a workspace value does not count');
  config.dispose();
});

test('baseUrls lists every plan\'s configured address', () => {
  changeSettings({ user: { 'isbnLens.baseUrls': { pro: 'http://127.0.0.1:9/' } }, workspace: {} });
  const config = new Config();
  const urls = config.baseUrls();
  assert.equal(urls.pro?.href, 'http://127.0.0.1:9/');
  assert.equal(urls.default?.href, 'https://api2.isbndb.com/');
  config.dispose();
});

test('isbnLens.sources and isbnLens.sourceUrls: user settings only, the manifest\'s defaults are the code\'s, the key command as the issue names it', async () => {
  const { DEFAULT_SOURCES, DEFAULT_SOURCE_URLS } = await import('../../src/core/sources/sourceSettings');
  const manifest = localizedManifest<{
    contributes: { commands: Array<{ command: string; title: string }>; configuration: { properties: Record<string, { default: unknown; scope?: string }> }; walkthroughs?: unknown[] };
  }>();
  const properties = manifest.contributes.configuration.properties;
  assert.deepEqual(properties['isbnLens.sources']?.default, [...DEFAULT_SOURCES]);
  assert.deepEqual(properties['isbnLens.sourceUrls']?.default, { ...DEFAULT_SOURCE_URLS });
  assert.equal(properties['isbnLens.sources']?.scope, 'application');
  assert.equal(properties['isbnLens.sourceUrls']?.scope, 'application');
  assert.equal(manifest.contributes.commands.find((c) => c.command === 'isbnLens.setGoogleBooksKey')?.title, 'Set Google Books API Key');
  assert.equal(manifest.contributes.walkthroughs?.length, 1);

  changeSettings({ user: { 'isbnLens.sources': ['openLibrary'] }, workspace: { 'isbnLens.sources': ['googleBooks'], 'isbnLens.sourceUrls': { openLibrary: 'https://evil.example' } } });
  const config = new Config();
  assert.deepEqual(config.sources, ['openLibrary'], 'a workspace cannot choose the sources');
  assert.equal(config.sourceUrl('openLibrary')?.href, 'https://openlibrary.org/', 'nor where ISBNs are sent');
  changeSettings({ user: {}, workspace: {} });
  assert.deepEqual(config.sources, ['isbndb', 'openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc']);
  config.dispose();
});

test('the book service settings: the new names win, the old names are still read', () => {
  changeSettings({ user: { 'isbnLens.plan': 'premium', 'isbnLens.batchSize': 20 }, workspace: {} });
  const config = new Config();
  assert.equal(config.plan, 'premium', 'an old name alone still applies');
  assert.equal(config.batchSize, 20);
  changeSettings({ user: { 'isbnLens.plan': 'premium', 'isbnLens.isbndb.plan': 'pro', 'isbnLens.isbndb.baseUrls': { pro: 'http://127.0.0.1:9/' } }, workspace: {} });
  assert.equal(config.plan, 'pro', 'the new name wins');
  assert.equal(config.baseUrl()?.href, 'http://127.0.0.1:9/');
  changeSettings({ user: {}, workspace: { 'isbnLens.isbndb.plan': 'pro', 'isbnLens.isbndb.baseUrls': { default: 'https://evil.example/' } } });
  assert.equal(config.plan, 'default', 'a workspace cannot set the new names either');
  assert.equal(config.baseUrl()?.href, 'https://api2.isbndb.com/');
  config.dispose();
});

test('changed(event, "plan") answers for the new name and the old one', () => {
  const config = new Config();
  const seen: string[] = [];
  config.onDidChange((event) => {
    if (config.changed(event, 'plan')) seen.push('plan');
    if (config.changed(event, 'baseUrls')) seen.push('baseUrls');
  });
  changeSettings({ user: { 'isbnLens.isbndb.plan': 'pro' } }, ['isbnLens.isbndb.plan']);
  changeSettings({ user: { 'isbnLens.plan': 'pro' } }, ['isbnLens.plan']);
  assert.deepEqual(seen, ['plan', 'plan']);
  config.dispose();
});
