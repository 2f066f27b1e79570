/**
 * Says once when look-ups stop (a spent daily quota, a refused key, a key of another
 * plan), not once per hover or per request; says nothing more until the state changes.
 */
import * as vscode from 'vscode';
import type { BatcherState } from '../core/service/batcher';
import type { LookupService } from './lookupService';

export class StateNotifier implements vscode.Disposable {
  private lastShown: string | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly service: LookupService) {
    this.subscription = service.batcher.onDidChangeState((state) => this.onState(state));
  }

  private onState(state: BatcherState): void {
    if (state.kind !== 'stopped') {
      if (state.kind === 'idle' || state.kind === 'working') this.lastShown = undefined;
      return;
    }
    const id = `${state.error.kind}:${state.until ?? ''}`;
    if (id === this.lastShown) return;
    this.lastShown = id;
    const message = `ISBN Lens: ${this.service.describe(state.error)}`;
    if (state.error.kind === 'quota') {
      void vscode.window.showWarningMessage(message, 'Retry Now').then((choice) => {
        if (choice) this.service.batcher.resume();
      });
    } else {
      void vscode.window.showErrorMessage(message, 'Set API Key').then((choice) => {
        if (choice) void vscode.commands.executeCommand('isbnLens.setApiKey');
      });
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
