/**
 * What a host gives the look-ups: its two seams (`http`, `records`) and what is made from
 * them where the host can (a rate counted with the machine's other windows, covers inlined
 * for hovers). The Node host is `host/node/nodeHost.ts`; the browser host
 * (`host/browser/browserHost.ts`) gives `fetch`, `globalState`, no shared rate (a tab shares no
 * file with another) and covers fetched and inlined where their host allows it.
 */
import type { HttpTransport } from './http';
import type { RecordStore } from './records';
import type { SharedRate } from '../rate/sharedRate';

/** Covers for hovers, as data URIs. */
export interface CoverStore {
  /** The data URI if the cover is already here. */
  peek(url: string): string | undefined;
  /** The cover as a data URI, or undefined if it is not an image, too large, or out of reach. `planHost`: the configured services' hosts, the private hosts allowed. */
  get(url: string, planHost?: string | readonly string[]): Promise<string | undefined>;
  dispose(): void;
}

export interface LookupHost {
  readonly http: HttpTransport;
  readonly records: RecordStore;
  /** The count a source's rate shares with other windows, by its share name; undefined where there are none. */
  sharedRate(shareName: string): SharedRate | undefined;
  /** Names a key without holding it: in file names, log lines and share names. (A browser hashes asynchronously.) */
  keyFingerprint(key: string): string | Promise<string>;
  readonly covers: CoverStore;
  /** Whether requests can name the extension in `User-Agent` (a browser cannot: keyless services then count it as an unidentified caller). */
  readonly setsUserAgent: boolean;
}
