/** The words cite keys are made of: ASCII-folded, articles and short function words left out. */

// Articles and short function words of the languages the service sees most.
const STOP_WORDS = new Set(
  ('a an and the of on in to for with from at by or ' +
    'le la les un une des du de et l d ' +
    'der die das ein eine und von zu im ' +
    'el los las uno y del ' +
    'il lo gli i una e di della').split(' '),
);

const FOLDS = new Map(Object.entries({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }));

/** Lower-case ASCII letters and digits only; accents dropped, ligatures spelled out. */
export function asciiFold(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLDS.get(c) ?? '')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

/** The title's words that say something: articles, short function words and one-letter words left out, as written. */
export function significantWords(title: string): string[] {
  return title.split(/[\s\-–—:;,.!?/()[\]"“”'‘’]+/).filter((w) => {
    const folded = asciiFold(w);
    return folded.length > 1 && !STOP_WORDS.has(folded);
  });
}
