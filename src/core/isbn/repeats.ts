// A number the finder rules out by its context (glued to a word: a cover file
// `3642002307_k.jpg`, `x9780648379102.jpg`; keyed to another id:
// `reader.jsp?x=0897894804`; in data under a column that does not say ISBN)
// is still an ISBN when the same ISBN is found elsewhere in the text: a page
// that lists a book and links its cover or its reader, a table with the ISBN
// in one column and again in a link. Such numbers are kept while scanning and
// taken after it, once the text's ISBNs are known. A DOI's suffix is never
// kept (the finder leaves it out before asking), nor a number after another
// number's label (`OCLC 0441013597`).
import { infoList, type IsbnInfo } from './parse';
import type { IsbnMatches } from './matches';
import { foundElsewhere } from './rules/repeats';

/** At most this many are kept: a file of hashes glues digits to letters everywhere. */
const MAX_KEPT = 4096;

export class Repeats {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly keys: number[] = [];

  /** The ISBN-shaped number at text[start, end) with parse-cache key `key` (see parse.ts), ruled out by its context. */
  keep(start: number, end: number, key: number): void {
    if (key !== 0 && this.starts.length < MAX_KEPT) {
      this.starts.push(start);
      this.ends.push(end);
      this.keys.push(key);
    }
  }

  /**
   * `found` with the kept numbers that are an ISBN it holds. `idOf` gives a
   * kept number's index into infoList(), or a negative number when it is no
   * ISBN (it parses the number if the cache has not).
   */
  taken(found: IsbnMatches, idOf: (start: number, end: number, key: number) => number): IsbnMatches {
    if (this.starts.length === 0 || found.length === 0) return found;
    const byIsbn13 = new Map<string, number[]>();
    const infos: Array<{ list: readonly IsbnInfo[]; id: number } | undefined> = [];
    for (let k = 0; k < this.starts.length; k++) {
      const id = idOf(this.starts[k], this.ends[k], this.keys[k]);
      if (id < 0) continue;
      const list = infoList();
      infos[k] = { list, id };
      const isbn13 = list[id].isbn13;
      const same = byIsbn13.get(isbn13);
      if (same) same.push(k);
      else byIsbn13.set(isbn13, [k]);
    }
    if (byIsbn13.size === 0) return found;
    // Which of them the text holds as ISBNs: one pass over the matches, ended when all are seen.
    const seen: number[] = [];
    for (let i = 0; i < found.length && byIsbn13.size > 0; i++) {
      if (!found.valid(i)) continue;
      const isbn13 = found.info(i)!.isbn13;
      const ks = byIsbn13.get(isbn13);
      if (ks === undefined) continue;
      seen.push(...ks);
      byIsbn13.delete(isbn13);
    }
    if (seen.length === 0) return found;
    seen.sort((a, b) => a - b);
    return found.withExtra(seen.map((k) => ({ start: this.starts[k], end: this.ends[k], ...infos[k]!, rule: foundElsewhere.code })));
  }
}
