/**
 * Language codes: Open Library's three-letter MARC codes (`fre`, `ger`) and the two-letter
 * ISO 639-1 ones Google Books, VS Code's display language and `lang=` use (`fr`, `de`).
 */
const MARC_TO_ISO1: Readonly<Record<string, string>> = {
  eng: 'en', fre: 'fr', ger: 'de', spa: 'es', ita: 'it', por: 'pt', dut: 'nl', swe: 'sv', dan: 'da', nor: 'no', fin: 'fi',
  pol: 'pl', cze: 'cs', slo: 'sk', hun: 'hu', rum: 'ro', gre: 'el', tur: 'tr', rus: 'ru', ukr: 'uk', bul: 'bg', scr: 'hr',
  srp: 'sr', slv: 'sl', heb: 'he', ara: 'ar', per: 'fa', hin: 'hi', ben: 'bn', chi: 'zh', jpn: 'ja', kor: 'ko', vie: 'vi',
  tha: 'th', ind: 'id', may: 'ms', lat: 'la', cat: 'ca', baq: 'eu', glg: 'gl', wel: 'cy', gle: 'ga', ice: 'is', est: 'et',
  lav: 'lv', lit: 'lt', epo: 'eo', afr: 'af', swa: 'sw',
};
const ISO1_TO_MARC: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(MARC_TO_ISO1).map(([marc, iso]) => [iso, marc]));

/** `fre` → `fr`; a code it does not know is returned as it came (lower-cased), undefined for none. */
export function iso1OfMarc(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const c = code.trim().toLowerCase();
  return MARC_TO_ISO1[c] ?? (c || undefined);
}

/** `fr` (or `fr-CA`) → `fre`; undefined for a code it does not know. */
export function marcOfIso1(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return ISO1_TO_MARC[code.trim().toLowerCase().split(/[-_]/)[0]!];
}

/** The two-letter language of a locale (`de-CH` → `de`). */
export function languageOfLocale(locale: string | undefined): string | undefined {
  const m = /^([a-z]{2,3})(?:[-_]|$)/i.exec(locale ?? '');
  return m ? m[1]!.toLowerCase() : undefined;
}
