/** ISBN Lens's own pieces of the workbench, driven as a user would (built on the harness's helpers). */
import assert from 'node:assert/strict';
import { type Page, clearNotifications, dismissHover, focusEditor, hoverText, openFile, quickInput, runCommand, waitFor, waitForNotification } from './harness';
import type { E2eSession } from './session';

export const SET_KEY_TITLE = 'ISBN Lens: Set API Key';

/**
 * Types `key` into the "Set API Key" input box (opened by the palette, or already open after a
 * click on the hover's link) and waits for the check's verdict toast matching `verdict`.
 */
export async function enterApiKey(page: Page, key: string, verdict: RegExp, opts: { viaPalette: boolean }): Promise<string> {
  if (opts.viaPalette) await runCommand(page, SET_KEY_TITLE);
  const qi = quickInput(page);
  await qi.waitPrompt(SET_KEY_TITLE);
  // The key is typed into a password box: the page never shows it.
  assert.equal(await qi.widget.locator('.quick-input-box input').getAttribute('type'), 'password', 'the key input is not a password box');
  await qi.fill(key);
  await qi.accept();
  await qi.waitClosed();
  return waitForNotification(page, verdict, 20_000);
}

/** Text of the ISBN Lens status bar item ('' when it is not shown). */
export async function statusText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('.part.statusbar .statusbar-item'));
    const ours = items.find((e) => (e.querySelector('a')?.getAttribute('aria-label') ?? '').startsWith('ISBN Lens:'));
    return ((ours as HTMLElement | undefined)?.innerText ?? '').trim();
  });
}

export async function waitForStatus(page: Page, expected: RegExp, timeout = 15_000): Promise<string> {
  return waitFor(async () => {
    const text = await statusText(page);
    return expected.test(text) ? text : undefined;
  }, { timeout, message: `the ISBN Lens status bar item never showed ${expected}`, page });
}

/**
 * Every notification of the session that matches `pattern`, read from the notification center
 * (a toast hides after a while; the center keeps each one until cleared), which is closed again.
 */
export async function notificationsSaying(page: Page, pattern: RegExp): Promise<string[]> {
  await runCommand(page, 'Notifications: Show Notifications');
  // Shown (its list may be empty, then hidden): the center has the class `visible`.
  const center = page.locator('.notifications-center.visible');
  await center.waitFor({ timeout: 5000 });
  const texts = await center.locator('.notification-list-item-message').evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.trim()));
  await runCommand(page, 'Notifications: Hide Notifications');
  await page.locator('.notifications-center.visible').waitFor({ state: 'detached', timeout: 5000 });
  return texts.filter((text) => pattern.test(text));
}

/** Clicks a link in the visible hover, e.g. "Set an API key". */
export async function clickHoverLink(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-hover:not(.hidden) .monaco-hover-content a', { hasText: text }).first().click();
}

/** Images of the visible hover: where from, and whether the workbench could show them. */
export async function hoverImages(page: Page): Promise<Array<{ src: string; shown: boolean }>> {
  return page
    .locator('.monaco-hover:not(.hidden) .monaco-hover-content img')
    .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => ({ src: i.src, shown: i.complete && i.naturalWidth > 0 })));
}

/** Hovers `text` until the hover shows `contains` and a cover image inlined as a data URI (fetched by the first hover). */
export async function hoverWithCover(page: Page, text: string, contains: string): Promise<string> {
  return waitFor(
    async () => {
      const hover = await hoverText(page, text, { contains });
      const shown = await waitFor(async () => (await hoverImages(page)).some((i) => i.src.startsWith('data:image/') && i.shown), { timeout: 2000 }).catch(() => false);
      return shown ? hover : undefined;
    },
    { timeout: 20_000, message: `the hover over ${text} never showed a cover`, page },
  );
}

/** Text of the open modal dialog, once one shows `expected`. */
export async function waitForDialog(page: Page, expected: string | RegExp, timeout = 15_000): Promise<string> {
  return waitFor(async () => {
    const box = page.locator('.monaco-dialog-box');
    if (!(await box.isVisible())) return undefined;
    const text = (await box.innerText()).trim();
    return (typeof expected === 'string' ? text.includes(expected) : expected.test(text)) ? text : undefined;
  }, { timeout, message: `no dialog showing ${String(expected)}`, page });
}

export async function clickDialogButton(page: Page, label: string): Promise<void> {
  await page.locator('.monaco-dialog-box .dialog-buttons .monaco-button', { hasText: label }).first().click();
  await page.locator('.monaco-dialog-box').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Waits until the visible hover has faded in completely (for a crisp screenshot). */
export async function waitForHoverSettled(page: Page): Promise<void> {
  await waitFor(
    () =>
      page.evaluate(() => {
        const hovers = Array.from(document.querySelectorAll('.monaco-hover:not(.hidden)')).filter((e) => e.getBoundingClientRect().width > 0);
        return hovers.length > 0 && hovers.every((h) => h.getAnimations({ subtree: true }).every((a) => a.playState !== 'running') && getComputedStyle(h).opacity === '1');
      }),
    { timeout: 5000, message: 'the hover did not settle', page },
  );
}

/** The region around the editor's text and the visible hover, for a screenshot that shows just those. */
export async function hoverRegion(page: Page, margin = 12): Promise<{ x: number; y: number; width: number; height: number }> {
  await waitForHoverSettled(page);
  const box = await page.evaluate(() => {
    const rect = (sel: string) => document.querySelector(sel)?.getBoundingClientRect();
    const hover = Array.from(document.querySelectorAll('.monaco-hover:not(.hidden)'))
      .map((e) => e.getBoundingClientRect())
      .find((r) => r.width > 0 && r.height > 0);
    const editor = rect('.part.editor .editor-instance .monaco-editor');
    if (!hover || !editor) return undefined;
    return { left: editor.left, top: Math.min(editor.top, hover.top), right: Math.max(hover.right, editor.left + 760), bottom: Math.max(hover.bottom, editor.top + 240) };
  });
  assert.ok(box, 'no hover is shown');
  const viewport = page.viewportSize() ?? { width: 1400, height: 900 };
  // From the editor's top-left corner (no breadcrumbs, no side bar) to past the hover.
  const x = Math.max(0, box.left);
  const y = Math.max(0, box.top);
  return {
    x,
    y,
    width: Math.min(viewport.width, box.right + margin) - x,
    height: Math.min(viewport.height, box.bottom + margin) - y,
  };
}

/**
 * Look Up Author as a user drives it: types `author`, picks the book titled `title` from the
 * results, chooses "Copy ISBN" and waits for the "copied <isbn>" toast.
 */
export async function lookUpAuthorAndCopyIsbn(page: Page, author: string, title: string, isbn: string): Promise<void> {
  await runCommand(page, 'ISBN Lens: Look Up Author');
  const qi = quickInput(page);
  await qi.waitPrompt('ISBN Lens: Look Up Author');
  await qi.fill(author);
  await qi.accept();
  await qi.pick(title, 20_000);
  await qi.waitPrompt('What to do with this book');
  await qi.pick(/Copy ISBN/);
  await qi.waitClosed();
  await waitForNotification(page, `ISBN Lens: copied ${isbn}.`);
}

/**
 * One book (Kernighan & Ritchie) written in forms the finder learnt from real documents, a line
 * each, and the part of each line to hover: Arabic-Indic digits, an amzn.com short link, Markdown's
 * escaped hyphens, an EDIFACT line typed `:IB`, a PICA+ field (`ƒ0` before the ISBN), a barcode's digits
 * with their add-on, an ISBN-10 with a price typed onto it.
 */
export const FINDER_FORMS = (() => {
  const arabic = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
  const lines = [
    ['In Arabic-Indic digits: ردمك ', arabic('978-0-13-110362-7'), ''],
    ['A short link: https://amzn.com/', '0131103628', ''],
    ['Escaped in Markdown: ISBN ', '978\\-0\\-13\\-110362\\-7', ''],
    ['In a supplier\'s quote: PIA+5+', '0131103628', ':IB\''],
    ['In a PICA+ record: 004A \u01920', '978-0-13-110362-7', '\u0192f : pbk.'],
    ['A barcode with its add-on: ', '9 780131 103627', ' 52999'],
    ['A price typed onto it in an old record: ISBN ', '0131103628', '175'],
  ];
  return {
    markdown: ['# One book, many forms', '', ...lines.map(([before, isbn, after]) => `- ${before}${isbn}${after}`), ''].join('\n'),
    /** What to hover, and which of its occurrences (the short link's and the quote's ISBN-10 are alike). */
    hovers: lines.map(([, isbn], i) => ({ text: isbn!, nth: lines.slice(0, i).filter(([, other]) => other === isbn).length })),
    title: /The C Programming Language/,
  };
})();

/** Opens `file` (FINDER_FORMS.markdown) and hovers each of its forms: each must show the book. Returns the hovers' first lines. */
export async function hoverFinderForms(page: Page, file: string): Promise<string[]> {
  await openFile(page, file);
  const shown: string[] = [];
  for (const { text, nth } of FINDER_FORMS.hovers) {
    const hover = await hoverText(page, text, { contains: FINDER_FORMS.title, nth });
    assert.match(hover, FINDER_FORMS.title, `the hover over ${text}`);
    shown.push(hover.split('\n')[0]!);
    await dismissHover(page);
  }
  return shown;
}

/** The first hover ISBN Lens shows over `text` (whatever it says), and the time from the start of the hover. */
export async function timedHover(page: Page, text: string): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  const hover = await hoverText(page, text, { contains: /ISBN [\d-]+: |Source: /, tryMs: 3000, timeout: 15_000 });
  return { text: hover, ms: Date.now() - started };
}

/** The ISBN Lens status bar item's tooltip, as its accessible label carries it ("ISBN Lens: …"). */
export function statusTooltip(page: Page): Promise<string> {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('.part.statusbar .statusbar-item a'));
    return items.map((a) => a.getAttribute('aria-label') ?? '').find((l) => l.startsWith('ISBN Lens:')) ?? '';
  });
}

/** "Annotate ISBNs in File" run again on the annotated `file` changes nothing, and one undo takes every note back to `original`. */
export async function annotateAgainThenUndo(s: E2eSession, file: string, annotated: string, original: string): Promise<void> {
  await clearNotifications(s.page);
  await runCommand(s.page, 'ISBN Lens: Annotate ISBNs in File');
  await waitForNotification(s.page, /ISBN Lens: /, 30_000);
  assert.equal(await s.waitForDisk(file, () => true, ''), annotated, 'a second run changed the file');
  await focusEditor(s.page);
  await s.page.keyboard.press('Control+Z');
  assert.equal(await s.waitForDisk(file, (text) => !text.includes('—'), 'one undo did not take the annotations back'), original);
}
