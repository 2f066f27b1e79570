/**
 * The service's language codes (ISO 639-1, as it sends them) → babel names,
 * which BibLaTeX's `langid` and BibTeX's `language` expect. A Map, not an
 * object: the code is service text, and `constructor` or `__proto__` must
 * find nothing rather than Object.prototype's members.
 */
const BABEL_NAMES = new Map<string, string>([
  ['en', 'english'],
  ['fr', 'french'],
  ['de', 'german'],
  ['es', 'spanish'],
  ['it', 'italian'],
  ['pt', 'portuguese'],
  ['nl', 'dutch'],
  ['sv', 'swedish'],
  ['da', 'danish'],
  ['no', 'norwegian'],
  ['fi', 'finnish'],
  ['pl', 'polish'],
  ['cs', 'czech'],
  ['ru', 'russian'],
  ['el', 'greek'],
  ['la', 'latin'],
  ['ja', 'japanese'],
  ['zh', 'chinese'],
  ['ko', 'korean'],
  ['tr', 'turkish'],
  ['hu', 'hungarian'],
]);

/** The babel name of a language code, or undefined when it is not one we map. */
export function babelLanguage(code: string | undefined): string | undefined {
  return code === undefined ? undefined : BABEL_NAMES.get(code.trim().toLowerCase());
}

/** A language code fit for CSL's `language` and RIS's `LA` (BCP 47-shaped), or undefined. */
export function languageTag(code: string | undefined): string | undefined {
  const trimmed = code?.trim();
  return trimmed && /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(trimmed) ? trimmed : undefined;
}
