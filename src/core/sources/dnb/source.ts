/**
 * The Deutsche Nationalbibliothek over SRU (library-catalogues-facts.md, "DNB"): free and
 * without a token since 2021, SRU 1.1 only, `num=<ISBN>` (calibre-dnb), `recordSchema=MARC21-xml`
 * asked explicitly (without it the answer is RDF/XML). Its text comes decomposed (NFD) with
 * sorting markers around articles: the MARC mapping composes and strips them. CC0 since 2015.
 */
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { SruCatalogue, type CatalogueOptions, type SruService } from '../catalogue/sruCatalogue';

export const DNB_SERVICE: SruService = {
  name: 'dnb',
  defaultUrl: DEFAULT_SOURCE_URLS.dnb,
  version: '1.1',
  recordSchema: 'MARC21-xml',
  maxBatch: 10,
  query: (isbns) => isbns.map((isbn) => `num=${isbn}`).join(' or '),
};

export class DnbSource extends SruCatalogue {
  constructor(options: CatalogueOptions) {
    super(DNB_SERVICE, options);
  }
}
