/**
 * Search as the user types: a search starts only once typing has paused (`delayMs`), the one in
 * flight is cancelled when the text changes, and only the answer to the latest text is handed on.
 * The source's own throttle keeps the requests within its rate; this keeps them few.
 */
export const TYPING_PAUSE_MS = 400;

export interface SearchAsYouTypeOptions<T> {
  search: (text: string, signal: AbortSignal) => Promise<T>;
  /** The answer for `text`, the latest typed. */
  onResult: (text: string, result: T) => void;
  /** A failure of the latest search (not a cancelled one). */
  onError: (text: string, error: unknown) => void;
  /** Whether a search is waiting or under way. */
  onBusy?: (busy: boolean) => void;
  delayMs?: number;
}

export class SearchAsYouType<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;
  private latest = '';
  private disposed = false;

  constructor(private readonly options: SearchAsYouTypeOptions<T>) {}

  /** The text changed: what was asked for the old one is dropped. */
  type(text: string): void {
    if (this.disposed) return;
    this.latest = text;
    clearTimeout(this.timer);
    this.controller?.abort();
    this.controller = undefined;
    if (!text.trim()) {
      this.options.onBusy?.(false);
      return;
    }
    this.options.onBusy?.(true);
    this.timer = setTimeout(() => void this.run(text), this.options.delayMs ?? TYPING_PAUSE_MS);
  }

  /** Searches now for the text as it is (Enter), without waiting for the pause. */
  now(): void {
    if (this.disposed || !this.latest.trim()) return;
    clearTimeout(this.timer);
    this.controller?.abort();
    void this.run(this.latest);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.controller?.abort();
  }

  private async run(text: string): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    try {
      const result = await this.options.search(text, controller.signal);
      if (controller.signal.aborted || this.disposed || text !== this.latest) return;
      this.options.onResult(text, result);
    } catch (e) {
      if (controller.signal.aborted || this.disposed || text !== this.latest) return;
      this.options.onError(text, e);
    } finally {
      if (this.controller === controller) {
        this.controller = undefined;
        if (!this.disposed) this.options.onBusy?.(false);
      }
    }
  }
}
