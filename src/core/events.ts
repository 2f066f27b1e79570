/** One event emitter for the core: listeners in a set, each subscription a disposable. */
import type { DisposableLike } from './disposable';

export type Listener<T> = (value: T) => void;
export type Event<T> = (listener: Listener<T>) => DisposableLike;

export class Emitter<T = void> {
  private readonly listeners = new Set<Listener<T>>();

  /** Subscribe; dispose the result to unsubscribe. */
  readonly event: Event<T> = (listener) => {
    const own = (value: T) => listener(value);
    this.listeners.add(own);
    return { dispose: () => this.listeners.delete(own) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  dispose(): void {
    this.listeners.clear();
  }
}
