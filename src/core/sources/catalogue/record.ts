/**
 * A library catalogue's record, whatever its format (MARC 21, UNIMARC, lobid's JSON-LD), in the
 * terms a book look-up needs: what `marc21.ts`, `unimarc.ts` and `lobid/mapping.ts` make, and
 * what `catalogueBook.ts` turns into the model's `Book` under the edition rule. Every text in it
 * is already cleaned (`clean.ts`): NFC, no sorting markers, no ISBD punctuation at the ends.
 */

/** One ISBN a record lists. */
export interface CatalogueIsbn {
  /** Digits (and a final X), 10 or 13 of them. */
  digits: string;
  /** "(paperback)", "Bd. 2", "br.": the qualifier, as catalogued. */
  qualifier?: string;
  /** False for MARC 020 `$z` / UNIMARC 010 `$z`: cancelled or invalid, never the record's own. */
  valid: boolean;
}

export type PersonRole = 'author' | 'editor' | 'translator' | 'illustrator' | 'other';

export interface CataloguePerson {
  /** "Family, Given" as catalogued. */
  name: string;
  role: PersonRole;
}

export interface CatalogueRecord {
  isbns: CatalogueIsbn[];
  /** The title proper (MARC 245 `$a`, UNIMARC 200 `$a`). */
  title: string;
  /** Other title information (245 `$b`, 200 `$e`). */
  subtitle?: string;
  /** The number and name of a part (245 `$n`/`$p`, 200 `$h`/`$i`): a volume of a set. */
  partNumber?: string;
  partName?: string;
  /** The statement of responsibility as printed (245 `$c`, 200 `$f`). */
  responsibility?: string;
  persons: CataloguePerson[];
  edition?: string;
  place?: string;
  publisher?: string;
  /** The date as catalogued ("[2018]", "1998", "DL 2015"). */
  date?: string;
  /** "XXV, 834 Seiten", "1 vol. (302 p.)". */
  extent?: string;
  /** ISO 639-2 (three letters) as catalogued. */
  language?: string;
  series: string[];
  subjects: string[];
}

/** The volume-of-a-set words a qualifier uses: "(v. 2)", "Bd. 2", "t. 1", "Teil 3", "vol. 1". */
const VOLUME_QUALIFIER = /(^|[\s(])(v|vol|bd|band|t|tome|teil|tl|tomo|volume|volumen|part|pt)\.?\s*\d/i;

/** Whether a qualifier says the ISBN is one volume's, not the whole record's. */
export function namesVolume(qualifier: string | undefined): boolean {
  return qualifier !== undefined && VOLUME_QUALIFIER.test(qualifier);
}

/** Whether the record describes one volume of a set (a part number or name). */
export function isVolumeRecord(record: CatalogueRecord): boolean {
  return record.partNumber !== undefined || record.partName !== undefined;
}

/** The role a relator says: a MARC code (`aut`, `edt`), a term ("Verfasser", "editor."), or a UNIMARC number (070, 340). */
export function relatorRole(code: string | undefined): PersonRole | undefined {
  if (code === undefined) return undefined;
  // "VerfasserIn", "Herausgeber/in", "Übersetzer*in": the gender-inclusive forms as the plain term.
  const c = code.trim().toLowerCase().replace(/[.,;:\s]+$/, '').replace(/(?<=er|or)(\/|\*|:)?in$/, '');
  if (c === '') return undefined;
  if (/^(aut|cre|070|author|verfasser|autor|auteur|auteur du texte)$/.test(c)) return 'author';
  if (/^(edt|pbd|340|651|editor|hrsg|herausgeber|hg|éditeur scientifique|directeur de publication)$/.test(c)) return 'editor';
  if (/^(trl|730|translator|übersetzer|traducteur|traductrice)$/.test(c)) return 'translator';
  if (/^(ill|440|illustrator|illustrateur)$/.test(c)) return 'illustrator';
  return 'other';
}
