/**
 * Self-test of the end-to-end harness, independent of ISBN Lens: generates a tiny probe
 * extension in a temp folder, runs it in a real VS Code (code-server) and drives it the way a
 * user would: mouse hover, keyboard hover, command palette, input box, notification.
 *
 *   node --import tsx --test test/e2e/harness.selftest.ts
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import {
  REPO_ROOT,
  clearNotifications,
  dismissHover,
  editorText,
  goTo,
  hoverAtCursor,
  hoverText,
  launchVsCode,
  notifications,
  openFile,
  quickInput,
  runCommand,
  waitForNotification,
  withVsCode,
  type VsCodeSession,
} from './harness';
import { NOTES_MD, PROBE_ID, writeProbeExtension } from './probe-extension';

let root: string;
let extDir: string;
let workspace: string;

before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'isbn-lens-e2e-probe-'));
  extDir = path.join(root, 'e2e-probe-ext');
  workspace = path.join(root, 'workspace');
  writeProbeExtension(extDir);
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'notes.md'), NOTES_MD);
});

after(() => {
  if (root && !process.env.ISBN_LENS_E2E_KEEP) fs.rmSync(root, { recursive: true, force: true });
});

/** Processes whose command line mentions `needle` (to prove close() leaves nothing running). */
function processesMentioning(needle: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(needle)) found.push(`${pid}: ${cmd.slice(0, 200)}`);
    } catch {
      /* gone */
    }
  }
  return found;
}

function logTimings(t: { diagnostic(msg: string): void }, label: string, s: VsCodeSession): void {
  const msg = `${label}: code-server up in ${s.timings.serverMs} ms, workbench + extension host in ${s.timings.workbenchMs} ms, launchVsCode total ${s.timings.totalMs} ms`;
  t.diagnostic(msg);
  console.log(`# timing ${msg}`);
}

test('unpacked extension: hover by mouse and keyboard, palette command, input box, notification', { timeout: 240_000 }, async (t) => {
  const s = await launchVsCode({ name: 'selftest', extensionFolder: extDir, workspace });
  logTimings(t, 'unpacked', s);
  const tempDir = s.tempDir;
  try {
    const { page } = s;
    const tOpen = Date.now();
    await openFile(page, 'notes.md');
    await s.waitForActivation(PROBE_ID);
    await s.waitForOutput(/probe activated/);
    t.diagnostic(`notes.md open and probe active in ${Date.now() - tOpen} ms`);

    // Real mouse hover on a word.
    const tHover = Date.now();
    const mouseHover = await hoverText(page, 'brownfox', { contains: 'PROBE HOVER' });
    assert.match(mouseHover, /PROBE HOVER brownfox/);
    t.diagnostic(`mouse hover in ${Date.now() - tHover} ms`);
    await s.screenshot('harness-selftest-hover');
    await dismissHover(page);

    // Keyboard hover at a position: line 5 "A book: 9780262033848 ...", column 12 is inside the number.
    await goTo(page, 5, 12);
    const keyHover = await hoverAtCursor(page, { contains: 'PROBE HOVER' });
    assert.match(keyHover, /PROBE HOVER 9780262033848/);
    await dismissHover(page);

    // Command palette -> input box -> notification.
    await runCommand(page, 'Probe: Say Hi');
    const qi = quickInput(page);
    assert.match(await qi.waitPrompt('what is your name?'), /Probe: what is your name\?/);
    await qi.fill('Ada');
    await qi.accept();
    await qi.waitClosed();
    const note = await waitForNotification(page, 'Hi Ada!');
    assert.equal(note, 'Hi Ada!');

    const shot = await s.screenshot('harness-selftest');
    assert.ok(fs.statSync(shot).size > 10_000, `screenshot ${shot} looks empty`);

    await clearNotifications(page);
    assert.deepEqual(await notifications(page), []);

    // What the editor shows.
    const text = await editorText(page);
    assert.match(text, /The quick brownfox jumps over the lazy dog\./);
    assert.equal((await editorText(page, { via: 'clipboard' })).replace(/\r\n/g, '\n'), NOTES_MD);

    // The extension's output channel lands on disk, as does the extension host log.
    assert.match(s.exthostLog(), new RegExp(`_doActivateExtension ${PROBE_ID.replace('.', '\\.')}`));
    assert.ok(Object.values(s.outputChannelLogs()).some((l) => /probe activated/.test(l) && /hover brownfox/.test(l)), 'probe output channel log not found');

    // A helper that fails says what the page shows.
    await assert.rejects(hoverText(page, 'no-such-text-here', { timeout: 1000 }), (e: Error) => {
      assert.match(e.message, /not in the visible editor lines/);
      assert.match(e.message, /what the workbench shows/);
      assert.match(e.message, /active editor: notes\.md/);
      assert.match(e.message, /extension host log/);
      return true;
    });
  } finally {
    await s.close();
  }
  assert.deepEqual(processesMentioning(tempDir), [], 'processes left running after close()');
  assert.equal(fs.existsSync(tempDir), false, 'temp folder not removed');
});

test('secrets: kept across a reload of the same window', { timeout: 240_000 }, async (t) => {
  await withVsCode('selftest-secrets', { extensionFolder: extDir, workspace }, async (s) => {
    logTimings(t, 'secrets', s);
    const { page } = s;
    await openFile(page, 'notes.md');
    await s.waitForActivation(PROBE_ID);
    await runCommand(page, 'Probe: Read Secret');
    await waitForNotification(page, 'secret is (none)');
    await clearNotifications(page);
    await runCommand(page, 'Probe: Store Secret');
    await waitForNotification(page, 'secret stored');
    await clearNotifications(page);
    await runCommand(page, 'Probe: Read Secret');
    await waitForNotification(page, 'secret is sekret-N');
    await clearNotifications(page);

    // Reload the window: a new extension host, the same browser profile.
    await s.reloadWindow();
    await runCommand(page, 'Probe: Read Secret');
    const after = await waitForNotification(page, /^secret is /);
    t.diagnostic(`after reload: ${after}`);
    console.log(`# secrets after reload of the same window: ${after}`);

    // A second window (page) in the same browser context.
    const page2 = await s.openWindow();
    await runCommand(page2, 'Probe: Read Secret');
    const second = await waitForNotification(page2, /^secret is /);
    t.diagnostic(`second window: ${second}`);
    console.log(`# secrets in a second window of the same browser: ${second}`);
    await page2.close();
    assert.equal(after, 'secret is sekret-N');
  });
});

test('packaged extension: --install-extension of a .vsix', { timeout: 240_000 }, async (t) => {
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const vsix = path.join(root, 'e2e-probe-0.0.1.vsix');
  const r = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--out', vsix], {
    cwd: extDir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(r.status, 0, `vsce package failed:\n${r.stdout}${r.stderr}`);
  await withVsCode('selftest-vsix', { vsixPath: vsix, workspace }, async (s) => {
    logTimings(t, 'vsix', s);
    assert.ok(fs.readdirSync(s.extensionsDir).some((d) => d.startsWith(`${PROBE_ID}-0.0.1`)), 'the .vsix was not installed');
    const { page } = s;
    await openFile(page, 'notes.md');
    await s.waitForActivation(PROBE_ID);
    assert.match(await hoverText(page, 'lazy', { contains: 'PROBE HOVER' }), /PROBE HOVER lazy/);
  });
});
