/**
 * lobid-resources (the hbz union catalogue) as a `BookSource`: its JSON search,
 * `search?q=isbn:<a> OR isbn:<b>&format=json&size=<n>` (JabRef's `LOBIDFetcher`), both ISBN forms
 * found by the compact `isbn` field. It answers browsers (`Access-Control-Allow-Origin: *`), so
 * it is the one catalogue VS Code for the Web can read; only simple GETs are sent (no custom
 * header beyond Accept). CC0.
 */
import { isObject } from '../../model/book';
import { ServiceError } from '../../model/errors';
import type { SourceCall } from '../bookSource';
import { CatalogueSource, catalogueError, type CatalogueSearch } from '../catalogue/catalogueSource';
import type { CatalogueRecord } from '../catalogue/record';
import type { CatalogueOptions } from '../catalogue/sruCatalogue';
import { endpointOf, keylessGet, parseJsonAnswer, type KeylessEndpoint } from '../keyless/request';
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { catalogueRecordFromLobid } from './mapping';

export const LOBID_MAX_BATCH = 10;
const RECORDS_PER_ISBN = 3;

/** `/search?q=isbn:a OR isbn:b&format=json&size=n` for ISBN digits. */
export function lobidSearchPath(isbns: readonly string[]): string {
  if (isbns.some((i) => !/^(\d{9}[\dX]|\d{13})$/.test(i))) throw new Error('lobid is asked ISBN digits only');
  const q = isbns.map((isbn) => `isbn:${isbn}`).join(' OR ');
  return `/search?q=${encodeURIComponent(q)}&format=json&size=${Math.min(50, isbns.length * RECORDS_PER_ISBN)}`;
}

export class LobidSource extends CatalogueSource {
  readonly name = 'lobid';
  readonly maxBatch = LOBID_MAX_BATCH;
  /** Its `isbn` field holds both forms: the ISBN-13 finds a record catalogued under the ISBN-10. */
  protected override readonly tenAfter = false;
  private readonly endpoint: KeylessEndpoint;
  private readonly now: () => number;

  constructor(options: CatalogueOptions) {
    super();
    this.endpoint = endpointOf(options, { url: DEFAULT_SOURCE_URLS.lobid, source: 'lobid', maxBodyBytes: 8 * 1024 * 1024 });
    this.now = options.now ?? Date.now;
  }

  protected async search(isbns: readonly string[], call: SourceCall): Promise<CatalogueSearch> {
    const reply = await keylessGet(this.endpoint, call, lobidSearchPath(isbns), {}, isbns.length);
    if (reply.status < 200 || reply.status >= 300) throw catalogueError(reply, 'lobid', this.now());
    const body = parseJsonAnswer(reply, 'lobid');
    if (!isObject(body) || !Array.isArray(body.member)) throw new ServiceError('badResponse', { why: 'unreadable', source: 'lobid', answer: 'search' }, { status: reply.status });
    const total = typeof body.totalItems === 'number' ? body.totalItems : body.member.length;
    return {
      total,
      sent: body.member.length,
      records: body.member.map(catalogueRecordFromLobid).filter((r): r is CatalogueRecord => r !== undefined),
    };
  }
}
