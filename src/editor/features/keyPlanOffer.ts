/**
 * When `GET /key` names another of the user's configured plan addresses as the key's, says
 * so and offers one click to switch `isbnLens.isbndb.plan` (user settings). The key itself is never
 * sent to the host the answer names: switching only picks the user's own address for it.
 */
import * as vscode from 'vscode';
import type { PlanName } from '../../core/model/plans';
import type { Config } from '../infrastructure/config';
import type { LookupService } from '../infrastructure/lookupService';
import type { Log } from '../infrastructure/log';
import * as words from '../words/index';
import * as commandWords from '../words/commands';

/** Shows the offer; resolves once the user answered (and the plan is switched, if chosen). */
export async function offerPlanSwitch(config: Config, service: LookupService, keyPlan: PlanName, saved = false): Promise<void> {
  const current = config.plan;
  const action = words.buttons.switchPlan(keyPlan);
  const choice = await vscode.window.showWarningMessage(commandWords.planSwitch.offer(keyPlan, current, saved), action);
  if (choice !== action) return;
  await config.setPlan(keyPlan);
  await service.reconnect();
  // The new plan's quota, for the status bar; the key goes only to the configured address.
  const info = await service.keyQuota.refresh().catch(() => undefined);
  void vscode.window.showInformationMessage(commandWords.planSwitch.switched(keyPlan, info?.quota ? words.quota(info.quota) : undefined));
}

/** At start-up: reads `GET /key` once; says something only when the key belongs to another configured plan. */
export async function checkKeyPlanAtStart(config: Config, service: LookupService, log: Log): Promise<void> {
  if (!service.connected) return;
  try {
    const info = await service.keyQuota.refresh();
    const keyPlan = service.keyPlan(info);
    if (keyPlan) await offerPlanSwitch(config, service, keyPlan);
  } catch (e) {
    log.warn(commandWords.planSwitch.couldNotRead((e as Error).message));
  }
}
