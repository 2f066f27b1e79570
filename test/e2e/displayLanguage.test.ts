/**
 * German users read ISBN Lens in German (issue 40): with VS Code's display language set to German
 * (`--locale de`, see the harness's `displayLanguage`), a hover, a command's title in the palette
 * and a notification come from `l10n/bundle.l10n.de.json` and `package.nls.de.json`. No key: the
 * sandbox's keyless sources.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { KEYLESS_DEMO } from '../sandbox/server';
import { hoverText, runCommand, waitFor } from './harness';
import { E2eSession, SESSION_TIMEOUT_MS, STEP_TIMEOUT_MS } from './session';
import { notificationsSaying } from './ui';

const step = { timeout: SESSION_TIMEOUT_MS + STEP_TIMEOUT_MS };
let s: E2eSession;

after(async () => {
  await s?.close();
});

const READING_LIST = `# Leseliste\n\n- ISBN ${KEYLESS_DEMO.openLibraryOnly}\n`;

test('German: the session starts with the display language set to German', step, async () => {
  s = await E2eSession.start('german', { open: 'leseliste.md', sources: 'all', displayLanguage: 'de', files: () => ({ 'leseliste.md': READING_LIST }) });
});

test('German: the hover names its source in German', step, (t) =>
  s.step(t, async () => {
    const hover = await hoverText(s.page, KEYLESS_DEMO.openLibraryOnly, { contains: 'Quelle: Open Library' });
    assert.match(hover, /Quelle: Open Library/);
    assert.doesNotMatch(hover, /Source:/);
    await s.shot('hover');
  }));

test('German: a command is listed by its German title, and its notification reads in German', step, (t) =>
  s.step(t, async () => {
    // The list's one line has an ISBN and no title: nothing to check, said in a notification.
    await runCommand(s.page, 'ISBN Lens: Literaturverzeichnis prüfen');
    const said = await waitFor(async () => (await notificationsSaying(s.page, /^ISBN Lens: Hier gibt es nichts zu prüfen/)).at(0), {
      timeout: 15_000,
      message: 'no German notification "Hier gibt es nichts zu prüfen"',
      page: s.page,
    });
    assert.equal(said, 'ISBN Lens: Hier gibt es nichts zu prüfen: Kein Eintrag hat zugleich eine gültige ISBN und einen Titel oder Autor.');
  }));
