/**
 * A throwaway extension used to test the end-to-end harness itself (never shipped): a hover
 * provider for Markdown answering "PROBE HOVER <word>", a command "Probe: Say Hi" (input box,
 * then an information message) and two commands to probe `context.secrets`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const PROBE_ID = 'isbnlensprobe.e2e-probe';

const PROBE_PACKAGE = {
  name: 'e2e-probe',
  displayName: 'E2E Probe',
  description: 'Throwaway extension used to test the end-to-end harness.',
  publisher: 'isbnlensprobe',
  version: '0.0.1',
  license: 'MIT',
  repository: { type: 'git', url: 'https://example.invalid/e2e-probe.git' },
  engines: { vscode: '^1.90.0' },
  main: './extension.js',
  activationEvents: ['onLanguage:markdown'],
  contributes: {
    commands: [
      { command: 'probe.sayHi', title: 'Say Hi', category: 'Probe' },
      { command: 'probe.storeSecret', title: 'Store Secret', category: 'Probe' },
      { command: 'probe.readSecret', title: 'Read Secret', category: 'Probe' },
    ],
  },
};

const PROBE_EXTENSION_JS = `
const vscode = require('vscode');
exports.activate = function activate(context) {
  const log = vscode.window.createOutputChannel('E2E Probe', { log: true });
  context.subscriptions.push(log);
  log.info('probe activated');
  context.subscriptions.push(vscode.languages.registerHoverProvider('markdown', {
    provideHover(document, position) {
      const range = document.getWordRangeAtPosition(position);
      if (!range) return undefined;
      const word = document.getText(range);
      log.info('hover ' + word);
      return new vscode.Hover(new vscode.MarkdownString('PROBE HOVER ' + word), range);
    },
  }));
  context.subscriptions.push(vscode.commands.registerCommand('probe.sayHi', async () => {
    const name = await vscode.window.showInputBox({ prompt: 'Probe: what is your name?', placeHolder: 'name' });
    if (name === undefined) return;
    vscode.window.showInformationMessage('Hi ' + name + '!');
  }));
  context.subscriptions.push(vscode.commands.registerCommand('probe.storeSecret', async () => {
    await context.secrets.store('probe.key', 'sekret-' + Date.now());
    vscode.window.showInformationMessage('secret stored');
  }));
  context.subscriptions.push(vscode.commands.registerCommand('probe.readSecret', async () => {
    const v = await context.secrets.get('probe.key');
    vscode.window.showInformationMessage('secret is ' + (v === undefined ? '(none)' : v.replace(/-\\d+$/, '-N')));
  }));
};
exports.deactivate = function deactivate() {};
`;

export const NOTES_MD = ['# Probe notes', '', 'The quick brownfox jumps over the lazy dog.', '', 'A book: 9780262033848 is on the shelf.', ''].join(
  '\n',
);

/** Writes the probe extension (package.json, extension.js, README, LICENSE) into `dir`. */
export function writeProbeExtension(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(PROBE_PACKAGE, null, 2));
  fs.writeFileSync(path.join(dir, 'extension.js'), PROBE_EXTENSION_JS);
  fs.writeFileSync(path.join(dir, 'LICENSE'), 'MIT\n');
  fs.writeFileSync(path.join(dir, 'README.md'), '# E2E Probe\n');
}
