// What `npm run sandbox` and `npm start` print about the library catalogues.

import type { CataloguesInfo } from './types';

export function catalogueLines(c: CataloguesInfo): string[] {
  return [
    `  DNB             ${c.urls.dnb.padEnd(36)} (SRU; ${c.perSecond} req/s, then 429)`,
    `  K10plus         ${c.urls.k10plus}`,
    `  lobid           ${c.urls.lobid}   (JSON; answers browsers)`,
    `  BnF             ${c.urls.bnf}`,
    `  Library of Congress ${c.urls.loc}`,
    `  a German book only the DNB knows: ${c.demo.dnbOnly}; French, only the BnF: ${c.demo.bnfOnly}; English, only the LoC: ${c.demo.locOnly}`,
    `  try: curl '${c.urls.dnb}?version=1.1&operation=searchRetrieve&query=num%3D${c.demo.dnbOnly}&recordSchema=MARC21-xml'`,
  ];
}
