/**
 * A queue's state, told to its listeners only when it changed: the batcher and the source chain
 * work out their state after every step, and most steps change nothing a status bar shows.
 */
import type { Emitter } from '../events';

export class StateChanges<T> {
  private lastJson = '';

  constructor(
    private readonly states: Emitter<T>,
    /** A bare "something changed", fired before the state (look-up caches redraw on it). */
    private readonly changes?: Emitter<void>,
  ) {}

  /** Fires `state` unless it equals the last one fired. */
  publish(state: T): void {
    const json = JSON.stringify(state);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.changes?.fire();
    this.states.fire(state);
  }
}
