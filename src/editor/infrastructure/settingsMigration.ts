/**
 * Moves the book service's settings from their old names (`isbnLens.plan`, `baseUrls`,
 * `batchSize`) to `isbnLens.isbndb.*` in the user's settings, once, and afterwards lets an edit
 * of an old name take effect (a settings file synced from an older ISBN Lens). The decisions
 * are the core's (renamedSettings.ts); this only reads, writes and remembers.
 */
import * as vscode from 'vscode';
import { RENAMED_SETTINGS, RENAMED_SETTING_NAMES, followsOldName, movesAtStart } from '../../core/model/renamedSettings';
import type { Config } from './config';

/** Set in global state once the old names have been moved for this user. */
const MOVED_KEY = 'isbnLens.settingsMoved.isbndb';

export interface MigrationLog {
  info(message: string): void;
  warn(message: string): void;
}

export class RenamedSettingsMigration implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly config: Config,
    private readonly state: vscode.Memento,
    private readonly log: MigrationLog,
  ) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      for (const name of RENAMED_SETTING_NAMES) {
        if (!event.affectsConfiguration(`isbnLens.${name}`)) continue;
        const values = this.config.renamedValues(name);
        if (followsOldName(values)) this.write(name, values.old, 'follows');
      }
    });
  }

  /** Moves what is left under the old names, the first time this user runs this version. */
  async moveOnce(): Promise<void> {
    if (this.state.get<boolean>(MOVED_KEY)) return;
    const values = Object.fromEntries(RENAMED_SETTING_NAMES.map((name) => [name, this.config.renamedValues(name)]));
    const moves = movesAtStart(values as Parameters<typeof movesAtStart>[0]);
    const written = await Promise.all(moves.map((move) => this.write(move.name, move.value, 'moved')));
    if (written.every(Boolean)) await this.state.update(MOVED_KEY, true);
  }

  private async write(name: keyof typeof RENAMED_SETTINGS, value: unknown, why: 'moved' | 'follows'): Promise<boolean> {
    try {
      await this.config.setRenamed(name, value);
      this.log.info(
        why === 'moved'
          ? `Moved the setting isbnLens.${name} to isbnLens.${RENAMED_SETTINGS[name]} in the user settings.`
          : `isbnLens.${name} was changed: isbnLens.${RENAMED_SETTINGS[name]} follows it.`,
      );
      return true;
    } catch (e) {
      // An unwritable settings file: the old name is still read, so nothing is lost.
      this.log.warn(`Could not write isbnLens.${RENAMED_SETTINGS[name]}: ${e instanceof Error ? e.message : String(e)}. isbnLens.${name} still applies.`);
      return false;
    }
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
