/**
 * The Node host (the desktop and remote extension host): undici for HTTP, one JSON file per
 * record and one locked rate file per shared count in the extension's global storage folder,
 * which every window of the machine shares.
 */
import { join } from 'node:path';
import type { LookupHost } from '../host';
import { CoverImages } from './coverImages';
import { FileRecords } from './fileRecords';
import { keyFingerprint } from './keyFingerprint';
import { SharedLedger } from './sharedLedger';
import { UndiciTransport } from './undiciTransport';
import { keylessUserAgent } from '../userAgent';

/** `version`: the extension's, named with the project's address to every cover host, as to every keyless source. */
export function nodeHost(storageDir: string, version: string): LookupHost {
  return {
    http: new UndiciTransport(),
    records: new FileRecords(storageDir),
    sharedRate: (shareName) => new SharedLedger(join(storageDir, 'rate', `${shareName}.json`)),
    keyFingerprint,
    covers: new CoverImages({ userAgent: keylessUserAgent(version) }),
    setsUserAgent: true,
  };
}
