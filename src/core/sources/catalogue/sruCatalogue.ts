/**
 * A catalogue asked over SRU (K10plus, the DNB, the BnF, the Library of Congress): each names its
 * address, version, CQL for a set of ISBNs, record schema and how many ISBNs one query may take;
 * the rest is here. The answers are MARC 21 or UNIMARC (told apart by their fields). None of the
 * four is known to answer a browser: a fetch the browser refuses is `blocked`.
 */
import { ServiceError } from '../../model/errors';
import type { SourceCall } from '../bookSource';
import { endpointOf, keylessGet, type EndpointOptions, type KeylessEndpoint } from '../keyless/request';
import { CatalogueSource, catalogueError, isbn10Of, type CatalogueSearch } from './catalogueSource';
import { readSruAnswer, sruQueryString } from './sru';

export interface SruService {
  name: string;
  defaultUrl: string;
  version: string;
  recordSchema?: string;
  /** ISBNs one query takes (`or`, or `any`); 1 where the service is not known to answer several. */
  maxBatch: number;
  /** The CQL that finds these ISBN forms (digits). */
  query(isbns: readonly string[]): string;
  /** Both forms of each 978 ISBN in the one query (the BnF: `bib.isbn any "<13> <10>"` is safe either way), so no second request. */
  bothFormsAtOnce?: boolean;
}

/** SRU diagnostics that say a query of several ISBNs is not taken: 10 query syntax, 19 unsupported relation, 37 unsupported boolean, 38 too many booleans. */
const BOOLEAN_DIAGNOSTICS = new Set([10, 19, 37, 38].map((n) => `info:srw/diagnostic/1/${n}`));

/** Records asked per ISBN: a set, its volume and another edition can all answer one. */
const RECORDS_PER_ISBN = 3;
const MAX_RECORDS = 30;

export interface CatalogueOptions extends EndpointOptions {
  now?: () => number;
}

export class SruCatalogue extends CatalogueSource {
  readonly name: string;
  readonly maxBatch: number;
  protected override readonly tenAfter: boolean;
  private readonly endpoint: KeylessEndpoint;
  private readonly now: () => number;

  constructor(
    private readonly service: SruService,
    options: CatalogueOptions,
  ) {
    super();
    this.name = service.name;
    this.maxBatch = service.maxBatch;
    this.tenAfter = !service.bothFormsAtOnce;
    this.endpoint = endpointOf(options, { url: service.defaultUrl, source: service.name, maxBodyBytes: 4 * 1024 * 1024, browserRefusal: 'blocked' });
    this.now = options.now ?? Date.now;
  }

  protected async search(isbns: readonly string[], call: SourceCall): Promise<CatalogueSearch> {
    const forms = this.service.bothFormsAtOnce ? [...isbns, ...isbns.map(isbn10Of).filter((i): i is string => i !== undefined)] : isbns;
    const query = sruQueryString({
      version: this.service.version,
      query: this.service.query(forms),
      recordSchema: this.service.recordSchema,
      maximumRecords: Math.min(MAX_RECORDS, isbns.length * RECORDS_PER_ISBN),
    });
    const reply = await keylessGet(this.endpoint, call, query, { accept: 'application/xml, text/xml' }, isbns.length);
    if (reply.status < 200 || reply.status >= 300) throw catalogueError(reply, this.name, this.now());
    try {
      return readSruAnswer(reply.text, this.name);
    } catch (e) {
      if (e instanceof ServiceError && e.details.diagnostic && isbns.length > 1 && BOOLEAN_DIAGNOSTICS.has(e.details.diagnostic)) {
        // A service that does not take `or` (not documented for the LoC): the batcher halves the batch down to one ISBN a query.
        throw new ServiceError('tooLarge', { why: 'batchRefused', source: this.name, isbns: isbns.length, cause: e.reason }, { status: reply.status });
      }
      if (e instanceof ServiceError && e.details.status === undefined) throw new ServiceError(e.kind, e.reason, { ...e.details, status: reply.status });
      throw e;
    }
  }
}
