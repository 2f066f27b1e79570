import assert from 'node:assert/strict';
import { test } from 'node:test';
import { book } from '../helpers/books';
import { BookCache } from '../../src/core/cache/cache';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

test('evicts the least recently used entry beyond its bound', () => {
  const cache = new BookCache({ maxEntries: 2 });
  cache.setFound('a', book('a'));
  cache.setFound('b', book('b'));
  cache.get('a');
  cache.setFound('c', book('c'));
  assert.equal(cache.size, 2);
  assert.ok(cache.get('a'));
  assert.equal(cache.get('b'), undefined);
  assert.ok(cache.get('c'));
});

test('found and not-found entries have separate lifetimes', () => {
  const clock = fakeClock();
  const cache = new BookCache({ clock, foundTtlMs: 1000, notFoundTtlMs: 100 });
  cache.setFound('a', book('a'));
  cache.setNotFound('b');
  clock.advance(150);
  assert.equal(cache.get('a')?.status, 'found');
  assert.equal(cache.get('b'), undefined, 'not-found expired first');
  clock.advance(1000);
  assert.equal(cache.get('a'), undefined);
});

test('serializes and loads; foreign or malformed data is ignored', () => {
  const cache = new BookCache();
  cache.setFound('9780306406157', book('9780306406157'));
  cache.setNotFound('9780000000002');
  const copy = new BookCache();
  assert.equal(copy.load(JSON.parse(JSON.stringify(cache.serialize()))), 2);
  assert.equal(copy.get('9780306406157')?.status, 'found');
  assert.equal(copy.get('9780000000002')?.status, 'notFound');

  const fresh = new BookCache();
  for (const junk of [null, 'x', [], { format: 'other', entries: [] }, { format: 'isbn-lens-cache/1', entries: 'no' }]) {
    assert.equal(fresh.load(junk), 0);
  }
  const mixed = { format: 'isbn-lens-cache/1', entries: [['ok', { status: 'notFound', storedAt: Date.now() }], ['bad', { status: 'found', storedAt: Date.now(), book: { title: 1 } }], 'nonsense', ['x', null]] };
  assert.equal(fresh.load(mixed), 1);
  assert.equal(fresh.size, 1);
});

test('expired entries are not loaded', () => {
  const clock = fakeClock();
  const cache = new BookCache({ clock, notFoundTtlMs: 100 });
  cache.setNotFound('a');
  const data = cache.serialize();
  clock.advance(500);
  const later = new BookCache({ clock, notFoundTtlMs: 100 });
  assert.equal(later.load(data), 0);
});
