/**
 * One base for everything that holds resources: what is registered is disposed once, in
 * reverse order of registration (what was made last may depend on what was made first).
 */
export interface DisposableLike {
  dispose(): unknown;
}

export class Disposable implements DisposableLike {
  private readonly owned: DisposableLike[] = [];
  private disposedAlready = false;

  protected get isDisposed(): boolean {
    return this.disposedAlready;
  }

  /** Holds `item` until this is disposed; an item registered after that is disposed at once. */
  protected register<T extends DisposableLike>(item: T): T {
    if (this.disposedAlready) item.dispose();
    else this.owned.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposedAlready) return;
    this.disposedAlready = true;
    for (const item of this.owned.splice(0).reverse()) item.dispose();
  }
}

/** A disposable that runs `action` once. */
export function toDisposable(action: () => void): DisposableLike {
  let done = false;
  return {
    dispose: () => {
      if (done) return;
      done = true;
      action();
    },
  };
}
