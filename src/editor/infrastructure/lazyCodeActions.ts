/**
 * A code action provider that loads on first use: VS Code asks every provider on each move of the
 * cursor, so a provider whose actions answer only some diagnostics says cheaply whether the
 * context has one (`wants`), and loads its implementation (from the lazy bundle) only then.
 */
import * as vscode from 'vscode';

export class LazyCodeActions implements vscode.CodeActionProvider {
  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };
  private loaded: Promise<vscode.CodeActionProvider> | undefined;

  constructor(
    private readonly wants: (context: vscode.CodeActionContext) => boolean,
    private readonly load: () => Promise<vscode.CodeActionProvider>,
  ) {}

  async provideCodeActions(document: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext, token: vscode.CancellationToken): Promise<(vscode.CodeAction | vscode.Command)[]> {
    if (!this.wants(context)) return [];
    const provider = await (this.loaded ??= this.load());
    return (await provider.provideCodeActions(document, range, context, token)) ?? [];
  }

  async resolveCodeAction(action: vscode.CodeAction, token: vscode.CancellationToken): Promise<vscode.CodeAction> {
    const provider = await this.loaded;
    return (await provider?.resolveCodeAction?.(action, token)) ?? action;
  }
}
