/**
 * Every kind of bibliography file the README names works when it is the first file opened in a
 * window (issue 40), and its ISBN shows the book on hover. RIS: `onLanguage:ris`. CSL-JSON and
 * CSL-YAML: `onLanguage:json`/`yaml` fire at start-up for VS Code's own JSON models (the
 * extension would activate in every window), so a workspace that holds a bibliography by a usual
 * name (`references.json`, `bibliography.yaml`, `*.csl.json`…) activates it (`workspaceContains`).
 * No key: the sandbox's keyless sources.
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

const CSL_JSON = `[\n  {\n    "id": "shelf",\n    "type": "book",\n    "title": "A book",\n    "ISBN": "${KEYLESS_DEMO.openLibraryOnly}"\n  }\n]\n`;
const CSL_YAML = `references:\n  - id: shelf\n    type: book\n    title: A book\n    ISBN: ${KEYLESS_DEMO.openLibraryOnly}\n`;
const RIS = `TY  - BOOK\nTI  - A book\nSN  - ${KEYLESS_DEMO.openLibraryOnly}\nER  - \n`;
const KINDS: Record<string, string> = { '.json': 'CSL-JSON', '.yaml': 'CSL-YAML', '.ris': 'RIS' };

for (const [name, text] of [
  ['references.json', CSL_JSON],
  ['bibliography.yaml', CSL_YAML],
  ['records.ris', RIS],
] as const) {
  test(`a ${KINDS[name.slice(name.lastIndexOf('.'))]} file opened first in a window activates ISBN Lens, and its ISBN shows the book on hover`, step, async (t) => {
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
