/** Plan and queue at a glance: idle, n waiting, limited until hh:mm:ss, no key. Clicking offers the commands. */
import * as vscode from 'vscode';
import { Disposable, toDisposable } from '../../core/disposable';
import { sourceTitle } from '../../core/sources/sourceNames';
import type { LookupService } from '../infrastructure/lookupService';
import * as words from '../words/index';

export const STATUS_MENU_COMMAND = 'isbnLens.statusMenu';

export class StatusBar extends Disposable {
  private readonly item = this.register(vscode.window.createStatusBarItem('isbnLens.status', vscode.StatusBarAlignment.Right, 100));
  private timer: NodeJS.Timeout | undefined;
  /** Repaints when the first rest of a source out of reach ends: its next try may find it back. */
  private restTimer: NodeJS.Timeout | undefined;

  constructor(private readonly service: LookupService) {
    super();
    this.item.name = words.status.name();
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
    const sources = words.status.inOrder(names);
    let text: string;
    let tooltip: string;
    this.item.backgroundColor = undefined;
    if (problem) {
      text = words.status.settingsProblem();
      tooltip = problem;
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      switch (state.kind) {
        case 'noKey':
          text = words.status.noKey();
          tooltip = words.status.noKeyTooltip();
          break;
        case 'idle':
          text = words.status.idle(keyless ?? plan);
          tooltip = keyless ? words.status.idleKeylessTooltip(sources) : words.status.idlePlanTooltip(plan);
          break;
        case 'working':
          text = words.status.working(state.waiting + state.inFlight);
          tooltip = keyless ? words.status.workingKeylessTooltip(sources, state.inFlight, state.waiting) : words.status.workingPlanTooltip(plan, state.inFlight, state.waiting);
          break;
        case 'limited':
          text = words.status.limited(state.until);
          tooltip = keyless ? words.status.limitedKeylessTooltip(keyless, state.waiting, state.until) : words.status.limitedPlanTooltip(plan, state.waiting, state.until);
          break;
        case 'stopped':
          text =
            state.error.kind === 'quota'
              ? words.status.quotaSpent(state.until)
              : state.error.kind === 'wrongPlan'
                ? words.status.wrongPlan()
                : state.error.kind === 'blocked'
                  ? words.status.refusedByBrowser()
                  : state.error.details.malformedKey
                    ? words.status.keyMalformed()
                    : words.status.keyRefused();
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
        text = offline ? words.status.offline() : outages.length === 1 ? words.status.oneUnreachable(outages[0]!.source) : words.status.someUnreachable(outages.length);
        this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
      }
      const nextTry = Math.min(...outages.map((o) => o.error.details.retryAt ?? Infinity));
      clearTimeout(this.restTimer);
      if (Number.isFinite(nextTry)) this.restTimer = setTimeout(() => this.update(), Math.max(0, nextTry - Date.now()) + 50);
      const reasons = outages.map(({ error }) => this.service.describe(error)).join('\n');
      tooltip = `${offline ? words.status.offlineTooltip() : words.status.notAskedTooltip(outages.map((o) => o.source))}\n${reasons}\n${tooltip}`;
    }
    // Today's quota, where the service tells it (GET /key).
    const quota = this.service.keyQuota.quota;
    if (quota && !problem && state.kind !== 'noKey') tooltip += `\n${words.status.quota(words.quota(quota))}`;
    this.item.text = text;
    this.item.tooltip = `${tooltip}\n${words.status.click()}`;
    this.item.accessibilityInformation = { label: words.status.accessible(tooltip) };
  }
}
