/**
 * K10plus, the GBV and SWB union catalogue, over SRU (library-catalogues-facts.md, "K10plus"):
 * `pica.isb=<ISBN>` on the whole K10plus database (`opac-de-627`), MARCXML, SRU 1.1 (2.0 when
 * no version is sent). Several ISBNs in one `or` query. Its downloadable data are CC0.
 */
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { SruCatalogue, type CatalogueOptions, type SruService } from '../catalogue/sruCatalogue';

export const K10PLUS_SERVICE: SruService = {
  name: 'k10plus',
  defaultUrl: DEFAULT_SOURCE_URLS.k10plus,
  version: '1.1',
  recordSchema: 'marcxml',
  maxBatch: 10,
  query: (isbns) => isbns.map((isbn) => `pica.isb=${isbn}`).join(' or '),
};

export class K10plusSource extends SruCatalogue {
  constructor(options: CatalogueOptions) {
    super(K10PLUS_SERVICE, options);
  }
}
