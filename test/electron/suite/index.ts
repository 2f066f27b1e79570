/**
 * The in-host suite: runs inside the extension host (VS Code desktop through @vscode/test-electron,
 * or code-server's) with the real `vscode` API, against the workspace and the sandbox that the
 * launcher prepared (test/electron/runTest.ts, test/electron/runInCodeServer.ts).
 *
 * Environment (from the launcher):
 *   SANDBOX_INFO            JSON of the sandbox (`sandboxInfo()`): its addresses and admin address
 *   ISBN_LENS_SUITE_REPORT  optional: a file that receives every line printed, for hosts whose
 *                           extension host output does not reach the launcher's terminal
 * In the browser's web worker (VS Code for the Web) there is no environment and no file: the
 * launcher builds them in (`suiteHost.web.ts`), and the lines reach it through the console.
 *
 * The workspace holds `books.md` (see WORKSPACE_FILES in test/electron/prepare.ts).
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type Check, eventually, runChecks } from './runner';
import { appendReport, hostDescription, suiteEnv } from './suiteHost';
import { chatToolChecks } from './chatTools';

const EXTENSION_ID = 'isbnlens.isbn-lens';
const VALID = '978-0-13-110362-7';
const TYPO = '978-0-13-110362-8';
const UNLABELLED_TYPO = '9780131103628';

interface SandboxInfo {
  urls: Record<string, string>;
  adminUrl: string;
  keyless: { urls: Record<'openLibrary' | 'openLibraryCovers' | 'googleBooks', string>; demo: Record<string, string> };
}

interface LoggedRequest {
  method: string;
  path: string;
}

function sandbox(): SandboxInfo {
  const raw = suiteEnv('SANDBOX_INFO');
  assert.ok(raw, 'SANDBOX_INFO is not set: the launcher passes the sandbox to the extension host through it');
  return JSON.parse(raw) as SandboxInfo;
}

async function sandboxLog(): Promise<LoggedRequest[]> {
  const response = await fetch(`${sandbox().adminUrl}/log`);
  assert.equal(response.status, 200, 'GET /log of the sandbox admin');
  return (await response.json()) as LoggedRequest[];
}

async function clearSandboxLog(): Promise<void> {
  const response = await fetch(`${sandbox().adminUrl}/log/clear`, { method: 'POST' });
  assert.equal(response.status, 200, 'POST /log/clear of the sandbox admin');
}

async function assertNoRequests(what: string): Promise<void> {
  const log = await sandboxLog();
  assert.deepEqual(
    log.map((r) => `${r.method} ${r.path}`),
    [],
    `${what}: the sandbox received requests`,
  );
}

let books: vscode.TextDocument | undefined;

function booksDocument(): vscode.TextDocument {
  assert.ok(books, 'books.md was not opened (the activation check failed)');
  return books;
}

/** The position in the middle of the line's `text` (the first line that has it after `label`). */
function positionOf(document: vscode.TextDocument, text: string, label = ''): vscode.Range {
  for (let line = 0; line < document.lineCount; line++) {
    const lineText = document.lineAt(line).text;
    const at = lineText.indexOf(label + text);
    if (at >= 0) {
      const start = at + label.length;
      return new vscode.Range(line, start, line, start + text.length);
    }
  }
  throw new Error(`books.md has no "${label}${text}"`);
}

function middle(range: vscode.Range): vscode.Position {
  return new vscode.Position(range.start.line, Math.floor((range.start.character + range.end.character) / 2));
}

function hoverTexts(hovers: readonly vscode.Hover[]): string[] {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)));
}

/** The hover texts at `position`; retried while they are empty (a provider registered a moment ago). */
async function hoverAt(document: vscode.TextDocument, position: vscode.Position, contains: string): Promise<string> {
  let seen: string[] = [];
  try {
    return await eventually(async () => {
      const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position)) ?? [];
      seen = hoverTexts(hovers);
      return seen.find((t) => t.includes(contains));
    }, `no hover containing "${contains}"`, 10_000, 250);
  } catch (e) {
    throw new Error(`${(e as Error).message}\nhovers seen: ${JSON.stringify(seen)}`, { cause: e });
  }
}

const checks: Check[] = [
  {
    name: 'the extension activates on opening a Markdown file',
    run: async () => {
      const extension = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(extension, `${EXTENSION_ID} is not loaded in this extension host`);
      assert.equal(extension.isActive, false, `the extension was active before a Markdown file was opened: ${vscode.workspace.textDocuments.map((d) => `${d.uri.toString()} ${d.languageId}`).join('; ')}`);
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder, 'no workspace folder is open');
      const started = Date.now();
      books = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'books.md'));
      assert.equal(books.languageId, 'markdown');
      await vscode.window.showTextDocument(books);
      await eventually(() => extension.isActive, 'the extension did not activate after books.md was opened', 15_000, 50);
      return `active ${Date.now() - started} ms after books.md was opened`;
    },
  },
  {
    name: 'every contributed command is registered',
    run: async () => {
      const all = new Set(await vscode.commands.getCommands(true));
      const wanted = [
        'isbnLens.setApiKey',
        'isbnLens.clearApiKey',
        'isbnLens.lookupAuthor',
        'isbnLens.lookupIsbn',
        'isbnLens.lookupAllInFile',
        'isbnLens.showLog',
        'isbnLens.annotateFile',
        'isbnLens.insertBibtexEntry',
        'isbnLens.toggleInlineTitles',
      ];
      assert.deepEqual(wanted.filter((c) => !all.has(c)), [], 'commands missing');
      // And every command of the manifest, so that a new one cannot be forgotten.
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } };
      assert.deepEqual(manifest.contributes.commands.map((c) => c.command).filter((c) => !all.has(c)), [], 'manifest commands missing');
    },
  },
  {
    name: 'Copy Bibliography of File formats a CSL-JSON document in APA with the real API, plain text on the clipboard (issue 38)',
    run: async () => {
      const items = [
        { id: 'morrison', type: 'book', title: 'Beloved', author: [{ family: 'Morrison', given: 'Toni' }], publisher: 'Knopf', issued: { 'date-parts': [[1987]] } },
        { id: 'camus', type: 'book', title: 'The plague', author: [{ family: 'Camus', given: 'Albert' }], publisher: 'Vintage', issued: { 'date-parts': [[1991]] } },
      ];
      const document = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(items, null, 2) });
      await vscode.window.showTextDocument(document);
      await vscode.env.clipboard.writeText('');
      await vscode.commands.executeCommand('isbnLens.copyBibliography');
      const copied = await vscode.env.clipboard.readText();
      // APA 7th, by author: "Author, A. (Year). *Title*. Publisher." (plain text: no emphasis outside Markdown).
      assert.equal(copied, 'Camus, A. (1991). The plague. Vintage.\nMorrison, T. (1987). Beloved. Knopf.\n');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.window.showTextDocument(booksDocument());
    },
  },
  {
    name: 'user settings point isbnLens.baseUrls at the sandbox',
    run: async () => {
      const inspected = vscode.workspace.getConfiguration('isbnLens').inspect<Record<string, string>>('baseUrls');
      assert.deepEqual(inspected?.globalValue, sandbox().urls);
    },
  },
  {
    name: 'the book service settings are moved to isbnLens.isbndb.* once, the old names kept and marked deprecated',
    run: async () => {
      const moved = await eventually(
        () => vscode.workspace.getConfiguration('isbnLens').inspect<Record<string, string>>('isbndb.baseUrls')?.globalValue,
        'isbnLens.isbndb.baseUrls was not written in the user settings',
      );
      assert.deepEqual(moved, sandbox().urls);
      assert.deepEqual(vscode.workspace.getConfiguration('isbnLens').inspect('baseUrls')?.globalValue, sandbox().urls, 'the old name was removed');
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { configuration: { properties: Record<string, { deprecationMessage?: string }> } } };
      for (const old of ['plan', 'baseUrls', 'batchSize']) assert.ok(manifest.contributes.configuration.properties[`isbnLens.${old}`]?.deprecationMessage, `isbnLens.${old} is not marked deprecated`);
    },
  },
  {
    name: 'the hover on an invalid ISBN says "Not a valid ISBN" and sends nothing',
    run: async () => {
      await clearSandboxLog();
      const document = booksDocument();
      const text = await hoverAt(document, middle(positionOf(document, TYPO, 'ISBN ')), 'Not a valid ISBN');
      // The raw Markdown: the ISBN as written, its hyphens escaped.
      assert.equal(text, String.raw`**Not a valid ISBN:** 978\-0\-13\-110362\-8 — the check digit does not match. No look-up was made.`);
      await assertNoRequests('after the hover on an invalid ISBN');
    },
  },
  {
    name: 'without a key the hover on a valid ISBN links to "Set an API key" and sends nothing',
    run: async () => {
      await clearSandboxLog();
      const document = booksDocument();
      const text = await hoverAt(document, middle(positionOf(document, VALID, 'ISBN ')), 'Set an API key');
      assert.equal(text, 'ISBN 9780131103627: [Set an API key](command:isbnLens.setApiKey) to see this book.');
      await assertNoRequests('after the hover without a key');
    },
  },
  {
    name: 'an invalid labelled ISBN gets a diagnostic; an unlabelled number does not',
    run: async () => {
      const document = booksDocument();
      const typo = positionOf(document, TYPO, 'ISBN ');
      const diagnostics = await eventually(() => {
        const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'ISBN Lens');
        return found.length > 0 ? found : undefined;
      }, 'no ISBN Lens diagnostic on books.md');
      assert.equal(diagnostics.length, 1, `expected one diagnostic, got: ${JSON.stringify(diagnostics.map((d) => d.message))}`);
      const [d] = diagnostics;
      assert.ok(d.range.isEqual(typo), `diagnostic at ${JSON.stringify(d.range)}, the typo is at ${JSON.stringify(typo)}`);
      assert.equal(d.code, 'checksum');
      assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(d.message, /^Not a valid ISBN: the check digit does not match\./);
      assert.ok(document.getText().includes(UNLABELLED_TYPO), 'books.md lacks its unlabelled number');
    },
  },
  {
    name: 'the code actions on an invalid ISBN offer the "Change to" quick fix',
    run: async () => {
      const document = booksDocument();
      const typo = positionOf(document, TYPO, 'ISBN ');
      const actions = await eventually(async () => {
        const all = (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', document.uri, typo)) ?? [];
        const fixes = all.filter((a): a is vscode.CodeAction => 'kind' in a && !!a.kind && vscode.CodeActionKind.QuickFix.contains(a.kind) && a.title.startsWith('Change to'));
        return fixes.length > 0 ? fixes : undefined;
      }, 'no "Change to" quick fix');
      assert.deepEqual(actions.map((a) => a.title), [`Change to ${VALID}`]);
      const [fix] = actions;
      assert.equal(fix.isPreferred, true, 'the only fix should be preferred');
      const edits = fix.edit?.get(document.uri) ?? [];
      assert.equal(edits.length, 1);
      assert.ok(edits[0].range.isEqual(typo), 'the fix replaces the typo');
      assert.equal(edits[0].newText, VALID);
    },
  },
  {
    name: 'isbnLens.plan is application-scoped: a workspace value is refused',
    run: async () => {
      const config = vscode.workspace.getConfiguration('isbnLens');
      assert.equal(config.inspect('plan')?.defaultValue, 'default');
      let refusal = '';
      await assert.rejects(
        Promise.resolve(config.update('plan', 'pro', vscode.ConfigurationTarget.Workspace)),
        (e: Error) => {
          refusal = e.message;
          return true;
        },
        'writing isbnLens.plan to the workspace settings was accepted',
      );
      const after = vscode.workspace.getConfiguration('isbnLens').inspect('plan');
      assert.equal(after?.workspaceValue, undefined, 'a workspace value of isbnLens.plan exists');
      assert.equal(vscode.workspace.getConfiguration('isbnLens').get('plan'), 'default');
      return `refused: "${refusal}"`;
    },
  },
  {
    name: 'isbnLens.sources and isbnLens.sourceUrls are application-scoped with the defaults of issue 21: a workspace cannot choose where ISBNs go',
    run: async () => {
      const config = vscode.workspace.getConfiguration('isbnLens');
      assert.deepEqual(config.inspect('sources')?.defaultValue, ['isbndb', 'openLibrary', 'googleBooks', 'dnb', 'k10plus', 'lobid', 'bnf', 'loc']);
      assert.deepEqual(config.inspect('sourceUrls')?.defaultValue, {
        openLibrary: 'https://openlibrary.org',
        openLibraryCovers: 'https://covers.openlibrary.org',
        googleBooks: 'https://www.googleapis.com',
        k10plus: 'https://sru.k10plus.de/opac-de-627',
        dnb: 'https://services.dnb.de/sru/dnb',
        bnf: 'https://catalogue.bnf.fr/api/SRU',
        loc: 'https://lx2.loc.gov/sru/lcdb',
        lobid: 'https://lobid.org/resources',
      });
      for (const [name, value] of [
        ['sources', ['googleBooks']],
        ['sourceUrls', { openLibrary: 'https://evil.example' }],
      ] as const) {
        await assert.rejects(Promise.resolve(config.update(name, value, vscode.ConfigurationTarget.Workspace)), `writing isbnLens.${name} to the workspace settings was accepted`);
        assert.equal(vscode.workspace.getConfiguration('isbnLens').inspect(name)?.workspaceValue, undefined, `a workspace value of isbnLens.${name} exists`);
      }
      const commands = await vscode.commands.getCommands(true);
      assert.ok(commands.includes('isbnLens.setGoogleBooksKey'), 'isbnLens.setGoogleBooksKey is not registered');
      return 'both refused in the workspace; Set Google Books API Key registered';
    },
  },
  {
    name: 'a citation key of a 20,000-entry library (19 MB) is answered from its entry, the host let go while the file is read',
    run: async () => {
      const folder = vscode.workspace.workspaceFolders![0].uri;
      const entries = Array.from(
        { length: 20_000 },
        (_, i) => `@article{entry${i},\n  title = {Title of entry ${i}},\n  author = {Author, Some and Other, Any},\n  date = {2001},\n  abstract = {${'A long abstract of the kind Zotero exports. '.repeat(20)}},\n  file = {/Users/someone/Zotero/storage/X${i}/x.pdf:application/pdf},\n}\n`,
      );
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'library.bib'), new TextEncoder().encode(entries.join('\n')));
      // A first citation hover on a small library loads the lazy bundle and the readers, so that what follows measures the reading.
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'small.bib'), new TextEncoder().encode('@book{small, title = {Small}}\n'));
      const small = vscode.Uri.joinPath(folder, 'small.md');
      await vscode.workspace.fs.writeFile(small, new TextEncoder().encode('---\nbibliography: small.bib\n---\nSee [@small].\n'));
      const warm = await vscode.workspace.openTextDocument(small);
      await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', warm.uri, warm.positionAt(warm.getText().indexOf('@small') + 2));
      const paper = vscode.Uri.joinPath(folder, 'paper.md');
      await vscode.workspace.fs.writeFile(paper, new TextEncoder().encode('---\nbibliography: library.bib\n---\nAs shown in [@entry19999].\n'));
      const document = await vscode.workspace.openTextDocument(paper);
      await vscode.window.showTextDocument(document);
      // How long the host thread is held while the library is read: the longest gap between ticks of a 5 ms timer.
      let longest = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      // For comparison, what VS Code's own read of the file's bytes holds (the store starts with that).
      await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, 'library.bib'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const bytesOnly = longest;
      longest = 0;
      last = performance.now();
      const started = performance.now();
      let text: string;
      try {
        const position = document.positionAt(document.getText().indexOf('entry19999') + 3);
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
        text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
      } finally {
        clearInterval(timer);
      }
      assert.match(text, /Title of entry 19999/, 'the hover shows the entry of the key, the last of the library');
      return `answered in ${Math.round(performance.now() - started)} ms; the longest the host thread was held meanwhile: ${Math.round(longest)} ms (by VS Code's read of the file's bytes alone: ${Math.round(bytesOnly)} ms)`;
    },
  },  // The chat's tools (issue 41): test/electron/suite/chatTools.ts.
  ...chatToolChecks(sandbox),
];

let reportFile: string | undefined;

function print(line: string): void {
  console.log(line);
  if (reportFile) appendReport(reportFile, line);
}

/** Called by the extension host (`--extensionTestsPath`); rejects when a check failed. */
export async function run(): Promise<void> {
  reportFile = suiteEnv('ISBN_LENS_SUITE_REPORT') || undefined;
  print(`ISBN Lens in-host suite: VS Code ${vscode.version}, ${vscode.env.appName}, extension host ${hostDescription()}`);
  const { passed, failed } = await runChecks(checks, print);
  if (failed > 0) {
    const error = new Error(`${failed} of ${passed + failed} checks failed`);
    error.stack = error.message; // the lines above say where; no stack trace of the runner
    throw error;
  }
}
