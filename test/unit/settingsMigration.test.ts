/**
 * The book service's settings moved under `isbnLens.isbndb.` (issue 40): the old names are
 * moved once, never over a value set under the new name, and an old name edited later wins.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changeSettings, settings } from '../helpers/fakeVscode';
import { Config } from '../../src/editor/infrastructure/config';
import { RenamedSettingsMigration } from '../../src/editor/infrastructure/settingsMigration';
import { movesAtStart } from '../../src/core/model/renamedSettings';

class Memento {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
}

function setUp(user: Record<string, unknown>) {
  changeSettings({ user, workspace: {} });
  const lines: string[] = [];
  const config = new Config();
  const state = new Memento();
  const migration = new RenamedSettingsMigration(config, state as never, { info: (m) => lines.push(m), warn: (m) => lines.push(`warn: ${m}`) });
  return { config, state, migration, lines, dispose: () => (migration.dispose(), config.dispose()) };
}

test('the old names are copied to the new ones, once; the old ones stay for an older ISBN Lens', async () => {
  const urls = { default: 'http://127.0.0.1:9/' };
  const { state, migration, lines, dispose } = setUp({ 'isbnLens.plan': 'premium', 'isbnLens.baseUrls': urls, 'isbnLens.batchSize': 50 });
  await migration.moveOnce();
  assert.deepEqual(settings.user, {
    'isbnLens.plan': 'premium',
    'isbnLens.baseUrls': urls,
    'isbnLens.batchSize': 50,
    'isbnLens.isbndb.plan': 'premium',
    'isbnLens.isbndb.baseUrls': urls,
    'isbnLens.isbndb.batchSize': 50,
  });
  assert.equal(lines.length, 3);
  assert.match(lines[0], /^Moved the setting isbnLens\.plan to isbnLens\.isbndb\.plan/);
  assert.equal(state.get('isbnLens.settingsMoved.isbndb'), true);
  // Once: a new name the user removes afterwards is not written again.
  changeSettings({ user: { 'isbnLens.plan': 'premium' } }, ['isbnLens.isbndb.plan']);
  await migration.moveOnce();
  assert.deepEqual(settings.user, { 'isbnLens.plan': 'premium' });
  dispose();
});

test('a value under the new name is never overwritten by the move', async () => {
  const { migration, dispose } = setUp({ 'isbnLens.plan': 'premium', 'isbnLens.isbndb.plan': 'pro' });
  await migration.moveOnce();
  assert.equal(settings.user['isbnLens.isbndb.plan'], 'pro');
  assert.equal(new Config().plan, 'pro');
  dispose();
});

test('nothing set: nothing written', async () => {
  const { migration, lines, dispose } = setUp({});
  await migration.moveOnce();
  assert.deepEqual(settings.user, {});
  assert.deepEqual(lines, []);
  dispose();
});

test('after the move, an edit of an old name (Settings Sync from an older ISBN Lens) is followed', async () => {
  const { config, migration, lines, dispose } = setUp({ 'isbnLens.plan': 'default' });
  await migration.moveOnce();
  changeSettings({ user: { ...settings.user, 'isbnLens.plan': 'pro' } }, ['isbnLens.plan']);
  await new Promise((settled) => setImmediate(settled));
  assert.equal(settings.user['isbnLens.isbndb.plan'], 'pro');
  assert.equal(config.plan, 'pro');
  assert.match(lines.at(-1)!, /isbnLens\.plan was changed: isbnLens\.isbndb\.plan follows it/);
  // A change of the new name alone is left alone.
  const before = lines.length;
  changeSettings({ user: { ...settings.user, 'isbnLens.isbndb.plan': 'premium' } }, ['isbnLens.isbndb.plan']);
  await new Promise((settled) => setImmediate(settled));
  assert.equal(settings.user['isbnLens.isbndb.plan'], 'premium');
  assert.equal(lines.length, before);
  dispose();
});

test('setPlan writes the new name, and the old one where it is still written', async () => {
  const { config, dispose } = setUp({ 'isbnLens.plan': 'default' });
  await config.setPlan('pro');
  assert.equal(settings.user['isbnLens.isbndb.plan'], 'pro');
  assert.equal(settings.user['isbnLens.plan'], 'pro');
  changeSettings({ user: {} });
  await config.setPlan('premium');
  assert.deepEqual(settings.user, { 'isbnLens.isbndb.plan': 'premium' });
  dispose();
});

test('movesAtStart: only where the old name is set and the new one is not', () => {
  assert.deepEqual(
    movesAtStart({
      plan: { old: 'pro', current: undefined },
      baseUrls: { old: { pro: 'x' }, current: { pro: 'y' } },
      batchSize: { old: undefined, current: 10 },
    }),
    [{ name: 'plan', to: 'isbndb.plan', value: 'pro' }],
  );
});
