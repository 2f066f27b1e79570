/**
 * A light fake of the parts of the `vscode` module that adapter unit tests touch.
 * Installed before the adapter is required; the features themselves are proven in
 * real VS Code by the end-to-end suite.
 */
import Module from 'node:module';

type Listener<T> = (value: T) => void;

export class EventEmitter<T> {
  private listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

/** Settings by scope, as `inspect` reports them. */
export interface FakeSettings {
  user: Record<string, unknown>;
  workspace: Record<string, unknown>;
}

export const settings: FakeSettings = { user: {}, workspace: {} };
const configurationChanged = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();

/** Changes settings and announces it; `keys` (full names): only those count as changed, else any `isbnLens.*`. */
export function changeSettings(change: Partial<FakeSettings>, keys?: string[]): void {
  Object.assign(settings, change);
  const affects = (section: string) =>
    keys ? keys.some((key) => key === section || key.startsWith(`${section}.`)) : section === 'isbnLens' || section.startsWith('isbnLens.');
  configurationChanged.fire({ affectsConfiguration: affects });
}

/** Every line written to an output channel, as `level: text`. */
export const logLines: string[] = [];

/** Warning messages shown, and what the fake user answers (the first button by default). */
export const warnings: { message: string; detail?: string; buttons: string[] }[] = [];
export const dialog = { answer: (buttons: string[]): string | undefined => buttons[0] };

/**
 * `vscode.l10n.t` as VS Code answers it in English (its `format2`): `{0}` from the arguments after
 * the message, `{name}` from an object of arguments; a placeholder with no value stays as written.
 */
export function t(message: string | { message: string; args?: Record<string, unknown> | unknown[] }, ...rest: unknown[]): string {
  const [text, args] =
    typeof message === 'string'
      ? [message, rest.length === 1 && typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as Record<string, unknown>) : rest]
      : [message.message, message.args ?? {}];
  const values = args as Record<string, unknown>;
  if (Object.keys(values).length === 0) return text;
  return text.replace(/{([^}]+)}/g, (match, name: string) => (values[name] === undefined ? match : String(values[name])));
}

/** The chat's tool results (src/editor/features/chat/chatTools.ts). */
class LanguageModelTextPart {
  constructor(readonly value: string) {}
}
class LanguageModelToolResult {
  constructor(readonly content: unknown[]) {}
}
class CancellationError extends Error {
  constructor() {
    super('Canceled');
    this.name = 'Canceled';
  }
}
/** A hover's Markdown, as far as a line of it is read: its text and what it trusts. */
export class MarkdownString {
  isTrusted: boolean | { enabledCommands: readonly string[] } | undefined;
  constructor(
    public value = '',
    public supportThemeIcons = false,
  ) {}
  appendMarkdown(value: string): this {
    this.value += value;
    return this;
  }
}

const fake = {
  EventEmitter,
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  env: { language: 'en' },
  LanguageModelTextPart,
  LanguageModelToolResult,
  CancellationError,
  MarkdownString,
  l10n: { t, bundle: undefined, uri: undefined },
  ProgressLocation: { Notification: 15 },
  // Read when dist/extension.js loads (dist/lazy.js takes the modules both use from it).
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  CodeActionKind: { QuickFix: { value: 'quickfix' } },
  window: {
    showWarningMessage: async (message: string, ...rest: unknown[]) => {
      const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest.shift() as { detail?: string }) : {};
      const buttons = rest as string[];
      warnings.push({ message, detail: options.detail, buttons });
      return dialog.answer(buttons);
    },
    withProgress: async <T>(_options: unknown, task: (progress: { report(): void }, token: { onCancellationRequested(): { dispose(): void } }) => Promise<T>) =>
      task({ report: () => undefined }, { onCancellationRequested: () => ({ dispose: () => undefined }) }),
    createOutputChannel: () => ({
      info: (text: string) => logLines.push(`info: ${text}`),
      warn: (text: string) => logLines.push(`warn: ${text}`),
      error: (text: string) => logLines.push(`error: ${text}`),
      show: () => undefined,
      dispose: () => undefined,
    }),
  },
  workspace: {
    onDidChangeConfiguration: configurationChanged.event,
    onDidSaveTextDocument: () => ({ dispose: () => undefined }),
    getConfiguration(section: string) {
      const lookup = (name: string) => {
        const key = `${section}.${name}`;
        return { globalValue: settings.user[key], workspaceValue: settings.workspace[key] };
      };
      return {
        inspect: lookup,
        /** Writes the user's (Global) value, or the workspace's; `undefined` removes it. */
        update: async (name: string, value: unknown, target?: number | boolean) => {
          const scope = target === 1 || target === true ? 'user' : 'workspace';
          const next = { ...settings[scope] };
          if (value === undefined) delete next[`${section}.${name}`];
          else next[`${section}.${name}`] = value;
          changeSettings({ [scope]: next }, [`${section}.${name}`]);
        },
        // Like VS Code for a setting that is not application-scoped: workspace wins.
        get: <T>(name: string, fallback?: T) => {
          const { globalValue, workspaceValue } = lookup(name);
          return (workspaceValue ?? globalValue ?? fallback) as T;
        },
      };
    },
  },
};

const loader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
const original = loader._load;
loader._load = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? fake : original.call(this, request, ...rest);
};
