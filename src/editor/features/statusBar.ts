/** Plan and queue at a glance: idle, n waiting, limited until hh:mm:ss, no key. Clicking offers the commands. */
import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../../core/disposable';
import { sourceTitle } from '../../core/sources/sourceNames';
import { both } from '../../core/sources/sourceText';
import { formatTime } from '../../core/messages';
import { quotaText } from '../../core/model/quota';
import type { LookupService } from '../infrastructure/lookupService';

export const STATUS_MENU_COMMAND = 'isbnLens.statusMenu';

export class StatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('isbnLens.status', vscode.StatusBarAlignment.Right, 100));
  private timer: NodeJS.Timeout | undefined;
  /** Repaints when the first rest of a source out of reach ends: its next try may find it back. */
  private restTimer: NodeJS.Timeout | undefined;

  constructor(private readonly service: LookupService) {
    super();
    this.item.name = 'ISBN Lens';
    this.item.command = STATUS_MENU_COMMAND;
    // Updates come in bursts during a batch: paint at most every 200 ms.
    this.register(
      service.onDidChange(() => {
        this.timer ??= setTimeout(() => {
          this.timer = undefined;
          this.update();
        }, 200);
      }),
    );
    this.register(toDisposable(() => (clearTimeout(this.timer), clearTimeout(this.restTimer))));
    this.update();
    this.item.show();
  }

  update(): void {
    const plan = this.service.plan;
    const state = this.service.state;
    const problem = this.service.problem;
    // Without the book service's key, the keyless sources answer: the first one is named.
    const names = this.service.sourceNames;
    const keyless = !this.service.connected && this.service.anySource && names[0] ? sourceTitle(names[0]) : undefined;
    const sources = names.map(sourceTitle).join(', then ');
    let text: string;
    let tooltip: string;
    this.item.backgroundColor = undefined;
    if (problem) {
      text = `$(warning) ISBN: settings`;
      tooltip = problem;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      switch (state.kind) {
        case 'noKey':
          text = '$(key) ISBN: no key';
          tooltip = 'No API key is set. Click to set one.';
          break;
        case 'idle':
          text = `$(book) ISBN: ${keyless ?? plan}`;
          tooltip = keyless ? `ISBN Lens without an API key: asking ${sources}. Idle.` : `ISBN Lens on the ${plan} plan: idle.`;
          break;
        case 'working':
          text = `$(sync~spin) ISBN: ${state.waiting + state.inFlight} waiting`;
          tooltip = `ISBN Lens ${keyless ? `asking ${sources}` : `on the ${plan} plan`}: ${state.inFlight} being looked up, ${state.waiting} queued.`;
          break;
        case 'limited':
          text = `$(watch) ISBN: limited until ${formatTime(state.until)}`;
          tooltip = `${keyless ? `${keyless}'s` : `The ${plan} plan's`} request limit was reached; ${state.waiting} look-ups resume at ${formatTime(state.until)}.`;
          break;
        case 'stopped':
          text = state.error.kind === 'quota' ? `$(error) ISBN: quota spent${state.until ? ` until ${formatTime(state.until)}` : ''}` : `$(error) ISBN: ${state.error.kind === 'wrongPlan' ? 'wrong plan' : state.error.kind === 'blocked' ? 'service refused by browser' : state.error.details.malformedKey ? 'key malformed' : 'key refused'}`;
          tooltip = this.service.describe(state.error);
          this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
          break;
      }
    }
    // A source out of reach is named while it is, with its next try; none reachable is "offline".
    const outages = this.service.outages;
    if (!problem && outages.length > 0 && state.kind !== 'noKey' && state.kind !== 'stopped') {
      const offline = outages.length >= names.length;
      if (state.kind !== 'working') {
        text = offline ? '$(debug-disconnect) ISBN: offline' : `$(debug-disconnect) ISBN: ${outages.length === 1 ? `${sourceTitle(outages[0]!.source)} unreachable` : `${outages.length} sources unreachable`}`;
        this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      }
      const nextTry = Math.min(...outages.map((o) => o.error.details.retryAt ?? Infinity));
      clearTimeout(this.restTimer);
      if (Number.isFinite(nextTry)) this.restTimer = setTimeout(() => this.update(), Math.max(0, nextTry - Date.now()) + 50);
      const reasons = outages.map(({ error }) => this.service.describe(error)).join('\n');
      tooltip = `${offline ? 'No book source can be reached.' : `${both(outages.map((o) => sourceTitle(o.source)))} not asked for now; the other sources answer.`}\n${reasons}\n${tooltip}`;
    }
    // Today's quota, where the service tells it (GET /key).
    const quota = this.service.keyQuota.quota;
    if (quota && !problem && state.kind !== 'noKey') tooltip += `\nQuota: ${quotaText(quota)}.`;
    this.item.text = text;
    this.item.tooltip = `${tooltip}\nClick for ISBN Lens commands.`;
    this.item.accessibilityInformation = { label: `ISBN Lens: ${tooltip}` };
  }
}
