/**
 * The browser host (VS Code for the Web: the extension runs in a web worker): `fetch` for HTTP,
 * `globalState` for the look-up cache, covers fetched where their host allows it. A tab shares
 * no file with another, so there is no shared rate: each tab keeps its own count.
 */
import type { LookupHost } from '../host';
import { BrowserCovers } from './browserCovers';
import { FetchTransport } from './fetchTransport';
import { keyFingerprint } from './keyFingerprint';
import { type StateMemento, StateRecords } from './stateRecords';

export function browserHost(globalState: StateMemento): LookupHost {
  return {
    http: new FetchTransport(),
    records: new StateRecords(globalState),
    sharedRate: () => undefined,
    keyFingerprint,
    covers: new BrowserCovers(),
    setsUserAgent: false,
  };
}
