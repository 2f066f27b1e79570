/**
 * A RIS file opened first in a window activates ISBN Lens (issue 40), and its ISBN shows the book
 * on hover. No key: the sandbox's keyless sources.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { KEYLESS_DEMO } from '../sandbox/server';
import { hoverText } from './harness';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';

const step = { timeout: SESSION_TIMEOUT_MS + STEP_TIMEOUT_MS };
let s: E2eSession | undefined;

after(async () => {
  await s?.close();
});

const RIS = `TY  - BOOK\nTI  - A book\nSN  - ${KEYLESS_DEMO.openLibraryOnly}\nER  - \n`;

// A CSL-JSON file opened first does not activate it yet: `onLanguage:json` (and yaml, xml, html)
// activated ISBN Lens in a fresh window before any file of the user's, as VS Code opens JSON models
// of its own at start-up (the in-host suite's first check caught it).
for (const [name, text] of [['records.ris', RIS]] as const) {
  test(`a ${name.endsWith('.json') ? 'CSL-JSON' : 'RIS'} file opened first in a window activates ISBN Lens, and its ISBN shows the book on hover`, step, async (t) => {
    await s?.close();
    // The session waits for the extension's "Activated" line after opening the file: no other file activates it.
    s = await E2eSession.start(`first-${name.replace('.', '-')}`, { open: name, sources: 'all', files: () => ({ [name]: text }) });
    await s.step(t, async () => {
      const hover = await hoverText(s!.page, KEYLESS_DEMO.openLibraryOnly, { contains: 'Source: Open Library' });
      assert.match(hover, /Source: Open Library/);
      await s!.shot('hover');
    });
  });
}
