/**
 * The Library of Congress over SRU (library-catalogues-facts.md, "Library of Congress"): Index
 * Data's gateway, SRU 1.1, `bath.ISBN=^<ISBN>` (anchored, as Zotero asks), MARCXML with ISBD
 * punctuation. Up to 10 ISBNs a query (`or`; whether the gateway takes it is not documented: a
 * diagnostic saying it does not makes the batcher halve the batch down to one ISBN a query, as
 * Zotero asks), and treated as optional: its intermittent 502s rest it and the ISBNs go on to the next source. An e-book ISBN
 * it holds only in `$z` of the print record answers with that record: the edition rule shows it
 * as another edition.
 */
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { SruCatalogue, type CatalogueOptions, type SruService } from '../catalogue/sruCatalogue';

export const LOC_SERVICE: SruService = {
  name: 'loc',
  defaultUrl: DEFAULT_SOURCE_URLS.loc,
  version: '1.1',
  recordSchema: 'marcxml',
  maxBatch: 10,
  query: (isbns) => isbns.map((isbn) => `bath.ISBN=^${isbn}`).join(' or '),
};

export class LocSource extends SruCatalogue {
  constructor(options: CatalogueOptions) {
    super(LOC_SERVICE, options);
  }
}
