/**
 * The Bibliothèque nationale de France over SRU (library-catalogues-facts.md, "BnF"): SRU 1.2,
 * `bib.isbn any "<ISBN> <ISBN>"` (several ISBNs, each in both forms, in one quoted term), UNIMARC in marcxchange
 * (`unimarcxchange`, its default). Its metadata are under the Licence Ouverte, which asks for
 * attribution: the hover names it ("Source: BnF").
 */
import { DEFAULT_SOURCE_URLS } from '../sourceSettings';
import { SruCatalogue, type CatalogueOptions, type SruService } from '../catalogue/sruCatalogue';

export const BNF_SERVICE: SruService = {
  name: 'bnf',
  defaultUrl: DEFAULT_SOURCE_URLS.bnf,
  version: '1.2',
  recordSchema: 'unimarcxchange',
  maxBatch: 10,
  query: (isbns) => `bib.isbn any "${isbns.join(' ')}"`,
  // Whether bib.isbn matches an ISBN-13 against a record holding only an ISBN-10 is not documented.
  bothFormsAtOnce: true,
};

export class BnfSource extends SruCatalogue {
  constructor(options: CatalogueOptions) {
    super(BNF_SERVICE, options);
  }
}
