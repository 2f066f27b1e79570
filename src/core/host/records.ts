/**
 * Host seam 2 of 2, "keep a small record": a named JSON value that outlives the window and is
 * shared by every window of the machine (the look-up cache). The Node host keeps each record
 * in a file of the extension's global storage, written atomically and changed under a lock
 * file (`host/node/fileRecords.ts`); a browser host will keep it in `globalState`.
 */
export interface RecordStore {
  /** The record as last written, or undefined when there is none, or it is unreadable or too large. */
  read(name: string): Promise<unknown>;
  /**
   * Reads the record, lets `change` make the next value from it, and writes that, as one turn
   * that no other window's update interleaves with: windows saving at once keep each other's
   * data. Returns what `change` returns beside the value.
   */
  update<T>(name: string, change: (current: unknown) => { next: unknown; result: T }): Promise<T>;
}
