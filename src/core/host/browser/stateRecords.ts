/**
 * "Keep a small record" in VS Code for the Web (see `host/records.ts`): each record is a JSON
 * text in the extension's `globalState`, which the browser keeps (IndexedDB) across reloads.
 * Tabs share no lock: each tab's updates run one after another, and a tab that saves keeps what
 * it read at its start plus its own answers (the cache merges, so nothing a tab needs is lost).
 */
import type { RecordStore } from '../records';

/** The part of VS Code's `Memento` used here (`context.globalState`). */
export interface StateMemento {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** A record larger than this is not kept: the browser's storage holds it all in memory. */
const MAX_RECORD_CHARS = 16 * 1024 * 1024;

export class StateRecords implements RecordStore {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly state: StateMemento) {}

  static keyOf(name: string): string {
    return `isbnLens.record.${name}`;
  }

  read(name: string): Promise<unknown> {
    const text = this.state.get(StateRecords.keyOf(name));
    if (typeof text !== 'string' || text.length > MAX_RECORD_CHARS) return Promise.resolve(undefined);
    try {
      return Promise.resolve(JSON.parse(text) as unknown);
    } catch {
      return Promise.resolve(undefined);
    }
  }

  update<T>(name: string, change: (current: unknown) => { next: unknown; result: T }): Promise<T> {
    const run = this.turn.then(async () => {
      const { next, result } = change(await this.read(name));
      const text = JSON.stringify(next);
      if (text.length > MAX_RECORD_CHARS) throw new Error(`the record "${name}" would be ${Math.round(text.length / 1048576)} MB, more than the browser's storage is asked to keep`);
      await this.state.update(StateRecords.keyOf(name), text);
      return result;
    });
    this.turn = run.catch(() => undefined);
    return run;
  }
}
