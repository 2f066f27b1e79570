// What `npm run sandbox` and `npm start` print about the keyless services.

import type { KeylessInfo } from './types';

/** The keyless services' addresses and rules, for the banner (also printed by `npm start`). */
export function keylessLines(k: KeylessInfo): string[] {
  return [
    `  Open Library    ${k.urls.openLibrary.padEnd(24)} (${k.openLibraryRates.identified} req/s with a contact in the User-Agent, ${k.openLibraryRates.unidentified}/s without)`,
    `    covers        ${k.urls.openLibraryCovers.padEnd(24)} (by ISBN: ${k.coverIsbnLimit} per 5 minutes)`,
    `    archive       ${k.urls.archive}`,
    `  Google Books    ${k.urls.googleBooks.padEnd(24)} (keyless quota ${k.googleQuotas.keyless.total}/day; key for X-Goog-Api-Key: ${k.googleKey})`,
    `    images        ${k.urls.googleImages}`,
    `  try: curl -A 'ISBNLens/0.1.0 (https://github.com/isbnlens/isbn-lens)' '${k.urls.openLibrary}/api/books?bibkeys=ISBN:${k.demo.merged}&format=json&jscmd=data'`,
  ];
}

