/**
 * One end-to-end session of ISBN Lens: the sandbox book service in this process (ephemeral
 * ports), a workspace of fixtures, and a real VS Code (code-server) with the packaged .vsix
 * installed and user settings pointing at the sandbox. Test files share one session across their
 * steps (a launch costs 6-10 s) and run each step through `step()`, which screenshots failures,
 * says what the page and the sandbox showed, and skips the steps after a failed one.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TestContext } from 'node:test';
import { startSandbox, type Sandbox, type SandboxOptions } from '../sandbox/server';
import { REPO_ROOT, describePage, launchVsCode, openFile, saveActiveEditor, type Page, type VsCodeSession, waitFor } from './harness';
import { makeWorkspace } from './fixtures';
import { describeRequests } from './sandboxLog';

/** The .vsix that `npm run test:e2e` builds first (`npm run package`). */
export const VSIX_PATH = (() => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return path.join(REPO_ROOT, `${pkg.name}-${pkg.version}.vsix`);
})();

/** Generous for a step that waits on the plan's rate (1 request/s) and on backing off. */
export const STEP_TIMEOUT_MS = 90_000;
export const SESSION_TIMEOUT_MS = 180_000;

export interface SessionOptions {
  /**
   * User settings over the sandbox's addresses and the default plan; a function of the running
   * sandbox where a setting keeps some of its addresses (e.g. one source pointed elsewhere).
   */
  settings?: Record<string, unknown> | ((sandbox: Sandbox) => Record<string, unknown>);
  /**
   * `bookService` (the default): the book service is the one source asked, as the flows that
   * check it were written; `all`: the default sources, the keyless ones included.
   */
  sources?: 'bookService' | 'all';
  /** Files to add to the workspace, made from the running sandbox (its catalogue). */
  files?: (sandbox: Sandbox) => Record<string, string>;
  /** The file opened first: opening it activates the extension. */
  open: string;
  /** Browser viewport; default 1400x900. */
  viewport?: { width: number; height: number };
  /**
   * Runs the browser build (package.json's "browser") in the browser's web-worker extension host,
   * as VS Code for the Web does: the user setting `remote.extensionKind` asks for it, and code-server
   * runs with `--log trace`, which prints where each extension runs (`=> LocalWebWorker`).
   */
  web?: boolean;
  /** VS Code's display language, e.g. `de` (the harness's `displayLanguage`); default English. */
  displayLanguage?: string;
  sandbox?: SandboxOptions;
}

export const EXTENSION_ID = 'isbnlens.isbn-lens';

/** User settings that send the extension's requests to the sandbox. */
export function sandboxSettings(sandbox: Sandbox): Record<string, unknown> {
  const keyless = sandbox.keyless.urls;
  return {
    'isbnLens.baseUrls': { ...sandbox.urls },
    'isbnLens.plan': 'default',
    // The keyless sources' addresses: the sandbox's emulations of Open Library and Google Books.
    // The library catalogues: the sandbox's emulations, at each service's path.
    'isbnLens.sourceUrls': { openLibrary: keyless.openLibrary, openLibraryCovers: keyless.openLibraryCovers, googleBooks: keyless.googleBooks, ...sandbox.catalogues.urls },
  };
}

/** The book service alone: the flows that check it, with and without its key. */
const BOOK_SERVICE_ONLY: Record<string, unknown> = { 'isbnLens.sources': ['isbndb'] };

/** Hovers open below the line, the same way in every run (and in the screenshots). */
const EDITOR_SETTINGS: Record<string, unknown> = { 'editor.hover.above': false };

export class E2eSession {
  /** Milliseconds that `activate()` took, from the extension's "Activated in N ms." line. */
  activationMs = -1;
  private failedStep: string | undefined;
  private shots = 0;

  private constructor(
    readonly name: string,
    readonly vscode: VsCodeSession,
    readonly sandbox: Sandbox,
    readonly workspace: string,
    /** Running in the browser's web worker: the extension's log is its console there. */
    readonly web: boolean,
  ) {}

  get page(): Page {
    return this.vscode.page;
  }

  static async start(name: string, opts: SessionOptions): Promise<E2eSession> {
    if (!fs.existsSync(VSIX_PATH)) throw new Error(`${VSIX_PATH} is missing: run \`npm run package\` (npm run test:e2e does it first)`);
    const sandbox = await startSandbox(opts.sandbox);
    let workspace: string | undefined;
    let vscode: VsCodeSession | undefined;
    try {
      workspace = makeWorkspace(name, opts.files?.(sandbox));
      vscode = await launchVsCode({
        name,
        vsixPath: VSIX_PATH,
        workspace,
        userSettings: {
          ...EDITOR_SETTINGS,
          ...sandboxSettings(sandbox),
          ...(opts.sources === 'all' ? {} : BOOK_SERVICE_ONLY),
          ...(opts.web ? { 'remote.extensionKind': { [EXTENSION_ID]: ['web'] } } : {}),
          ...(typeof opts.settings === 'function' ? opts.settings(sandbox) : opts.settings),
        },
        ...(opts.web ? { logLevel: 'trace' } : {}),
        ...(opts.viewport ? { viewport: opts.viewport } : {}),
        ...(opts.displayLanguage ? { displayLanguage: opts.displayLanguage } : {}),
      });
      const session = new E2eSession(name, vscode, sandbox, workspace, opts.web ?? false);
      await openFile(vscode.page, opts.open);
      const line = await vscode.waitForOutput(/Activated in \d+ ms\./);
      session.activationMs = Number(/Activated in (\d+) ms/.exec(line)![1]);
      return session;
    } catch (e) {
      if (vscode) await vscode.saveArtifacts(`${name}-start-failure`).catch(() => undefined);
      await vscode?.close();
      await sandbox.close();
      if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
      throw e;
    }
  }

  /**
   * Runs one step of the session. After a failed step the later ones are skipped: they would
   * fail for the same reason and hide it.
   */
  async step(t: TestContext, fn: () => Promise<void>): Promise<void> {
    if (this.failedStep) {
      t.skip(`skipped: the step "${this.failedStep}" failed`);
      return;
    }
    try {
      await fn();
    } catch (e) {
      this.failedStep = t.name;
      throw await this.explain(e, t.name);
    }
  }

  /** A workspace file's text on disk. */
  onDisk(name: string): string {
    return fs.readFileSync(path.join(this.workspace, name), 'utf8');
  }

  /** Saves the active editor until the file on disk passes `check`; returns its text. */
  async waitForDisk(name: string, check: (text: string) => boolean, message: string): Promise<string> {
    return waitFor(
      async () => {
        await saveActiveEditor(this.page);
        const text = this.onDisk(name);
        return check(text) ? text : undefined;
      },
      { timeout: 20_000, message, page: this.page },
    );
  }

  /** Saves a screenshot of the workbench as test-results/e2e/<session>-<nn>-<label>.png. */
  async shot(label: string): Promise<string> {
    this.shots++;
    return this.vscode.screenshot(`${this.name}-${String(this.shots).padStart(2, '0')}-${label}`);
  }

  /** Saves only the part of the page in `clip` (e.g. the editor and its hover) to `file`. */
  async shotOf(file: string, clip: { x: number; y: number; width: number; height: number }): Promise<string> {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await this.page.screenshot({ path: file, clip });
    return file;
  }

  /** Every file VS Code wrote for this session: logs of all kinds, settings, state, storage. */
  userDataFiles(): Map<string, string> {
    const files = new Map<string, string>();
    const walk = (dir: string): void => {
      for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, ent.name);
        if (ent.isDirectory()) walk(p);
        else if (ent.isFile()) files.set(path.relative(this.vscode.userDataDir, p), fs.readFileSync(p).toString('latin1'));
      }
    };
    walk(this.vscode.userDataDir);
    return files;
  }

  /** No file VS Code wrote for this session (logs of every process, output channels, state, storage) holds any of `keys`. */
  assertKeysNowhere(keys: readonly string[]): void {
    const files = this.userDataFiles();
    assert.ok([...files.keys()].some((f) => /exthost\d*[\\/](remote)?exthost\.log$/.test(f)), 'no extension host log found');
    assert.ok(this.extensionLog(), 'no "ISBN Lens" log found');
    for (const [file, text] of files) {
      for (const key of keys) assert.ok(!text.includes(key), `${file} contains an API key`);
    }
  }

  /** The "ISBN Lens" log channel's text. */
  extensionLog(): string {
    if (this.web) return this.vscode.workerConsole().filter((l) => l.includes('ISBN Lens: ')).join('\n');
    const logs = this.vscode.outputChannelLogs();
    const file = Object.keys(logs).find((f) => /[\\/]isbnlens\.isbn-lens[\\/].*ISBN Lens\.log$/.test(f));
    return file ? logs[file]! : '';
  }

  async close(): Promise<void> {
    await this.vscode.close();
    await this.sandbox.close();
    if (!process.env.ISBN_LENS_E2E_KEEP) fs.rmSync(this.workspace, { recursive: true, force: true });
  }

  /** The error with what the workbench, the sandbox and the extension's log showed. */
  private async explain(e: unknown, step: string): Promise<Error> {
    const err = e instanceof Error ? e : new Error(String(e));
    const parts: string[] = [];
    if (!err.message.includes('--- what the workbench shows ---')) parts.push(await describePage(this.page));
    parts.push('--- last requests the sandbox received ---', describeRequests(this.sandbox.log.slice(-12)));
    parts.push('--- last lines of the "ISBN Lens" log ---', this.extensionLog().trim().split('\n').slice(-15).join('\n'));
    const dir = await this.vscode.saveArtifacts(`${this.name}-${step}-failure`).catch(() => undefined);
    if (dir) parts.push(`artifacts: ${path.relative(REPO_ROOT, dir)} (screenshot, logs)`);
    const extra = `\n${parts.join('\n')}`;
    err.message += extra;
    if (err.stack) err.stack += extra;
    return err;
  }
}
