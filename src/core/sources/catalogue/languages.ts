/**
 * MARC and UNIMARC language codes (ISO 639-2, bibliographic and terminologic forms) as the
 * two-letter codes the other sources send (ISO 639-1), for the languages the catalogues hold
 * most; another code is kept as it is. A Map: a code is service text (see `model/languages.ts`).
 */
const TWO_LETTER = new Map<string, string>([
  ['eng', 'en'], ['ger', 'de'], ['deu', 'de'], ['fre', 'fr'], ['fra', 'fr'], ['ita', 'it'], ['spa', 'es'],
  ['por', 'pt'], ['dut', 'nl'], ['nld', 'nl'], ['swe', 'sv'], ['dan', 'da'], ['nor', 'no'], ['fin', 'fi'],
  ['pol', 'pl'], ['cze', 'cs'], ['ces', 'cs'], ['rus', 'ru'], ['gre', 'el'], ['ell', 'el'], ['lat', 'la'],
  ['jpn', 'ja'], ['chi', 'zh'], ['zho', 'zh'], ['kor', 'ko'], ['tur', 'tr'], ['hun', 'hu'], ['ara', 'ar'],
  ['heb', 'he'], ['cat', 'ca'], ['ukr', 'uk'],
]);

/** "ger" → "de"; an unknown three-letter code as it is. */
export function languageCode(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  const lower = code.toLowerCase();
  return TWO_LETTER.get(lower) ?? lower;
}
