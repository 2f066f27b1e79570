/**
 * Says once when look-ups stop for a spent daily quota, or because the browser refuses the book
 * service (VS Code for the Web), not once per hover or per request, and nothing more until the
 * state changes. A refused key or a key of another plan is told
 * by "Set API Key" itself and then shown by the status bar and the hover: a second
 * notification here would only repeat it.
 */
import * as vscode from 'vscode';
import { Disposable } from '../../core/disposable';
import type { BatcherState } from '../../core/model/lookup';
import type { LookupService } from '../infrastructure/lookupService';
import * as words from '../words/index';

export class StateNotifier extends Disposable {
  private lastShown: string | undefined;

  constructor(private readonly service: LookupService) {
    super();
    this.register(service.onDidChangeState((state) => this.onState(state)));
    // Said once by the look-ups themselves (Google Books' daily quota): shown as it comes.
    this.register(
      service.onNotice((notice) => {
        // The words of failures load with the look-ups, which alone send notices: already loaded here.
        void import('../words/failures').then(({ lookupNotice }) => {
          const { message, command } = lookupNotice(notice);
          return vscode.window.showWarningMessage(words.notice(message), command.title).then((choice) => {
            if (choice) void vscode.commands.executeCommand(command.id);
          });
        });
      }),
    );
  }

  private onState(state: BatcherState): void {
    if (state.kind !== 'stopped') {
      if (state.kind === 'idle' || state.kind === 'working') this.lastShown = undefined;
      return;
    }
    const id = `${state.error.kind}:${state.until ?? ''}`;
    if (id === this.lastShown) return;
    this.lastShown = id;
    if (state.error.kind === 'blocked') {
      void vscode.window.showWarningMessage(words.notice(this.service.describe(state.error)));
      return;
    }
    if (state.error.kind !== 'quota') return;
    void vscode.window.showWarningMessage(words.notice(this.service.describe(state.error)), words.buttons.retryNow()).then((choice) => {
      if (choice) this.service.resume();
    });
  }
}
