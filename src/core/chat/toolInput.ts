/**
 * The tools' input as the language model sends it, read leniently and bounded: the schema in
 * package.json says what is expected, but a model may send a string where a list is asked, a
 * year as a string, or far more than one call should take. A problem is a value (a sentence for
 * the model, in English), never an exception.
 */

/** At most this many ISBNs in one look-up call: more is a bibliography, for the check tool. */
export const MAX_LOOKUP_ISBNS = 100;
/** References longer than this (characters) are refused: about 2,000 BibTeX entries. */
export const MAX_REFERENCES_CHARS = 1_000_000;
/** The formats the check tool reads; `list`: a plain or Markdown list of books with their ISBNs. */
export const REFERENCE_FORMATS = ['bibtex', 'csl-json', 'csl-yaml', 'ris', 'list'] as const;
export type ReferenceFormat = (typeof REFERENCE_FORMATS)[number];

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface LookUpInput {
  /** The ISBNs as written, each once, in the order given (at most MAX_LOOKUP_ISBNS). */
  isbns: string[];
  /** How many more were given than are looked up. */
  leftOut: number;
}

export interface CheckInput {
  references: string;
  format?: ReferenceFormat;
}

export interface FindQuery {
  title?: string;
  author?: string;
  /** A language code as given, lower-cased (`en`, `fre`). */
  language?: string;
  year?: number;
}

function objectOf(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** A string that is not only blank, trimmed; undefined otherwise. */
function text(value: unknown, maxChars = 500): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, maxChars) : undefined;
}

/** `{ isbns: [...] }`; a single string is split at commas, semicolons and line ends. */
export function parseLookUpInput(input: unknown): Parsed<LookUpInput> {
  const raw = objectOf(input).isbns;
  const items = typeof raw === 'string' ? raw.split(/[,;\n]/) : Array.isArray(raw) ? raw : [];
  const written = items.filter((i): i is string | number => typeof i === 'string' || typeof i === 'number').map((i) => String(i).trim().slice(0, 100)).filter(Boolean);
  const unique = [...new Set(written)];
  if (unique.length === 0) return { ok: false, problem: 'No ISBN was given: pass "isbns", a list of ISBNs as strings (ISBN-10 or ISBN-13, hyphens allowed).' };
  return { ok: true, value: { isbns: unique.slice(0, MAX_LOOKUP_ISBNS), leftOut: Math.max(0, unique.length - MAX_LOOKUP_ISBNS) } };
}

/** `{ references: "...", format? }`. */
export function parseCheckInput(input: unknown): Parsed<CheckInput> {
  const object = objectOf(input);
  const references = typeof object.references === 'string' ? object.references : undefined;
  if (!references?.trim()) return { ok: false, problem: 'No references were given: pass "references", the bibliography as text (BibTeX, CSL-JSON, CSL-YAML, RIS, or a plain list of books with their ISBNs).' };
  if (references.length > MAX_REFERENCES_CHARS) {
    return { ok: false, problem: `The references are too long (${references.length} characters; at most ${MAX_REFERENCES_CHARS}): check them in parts.` };
  }
  const format = typeof object.format === 'string' ? object.format.trim().toLowerCase() : undefined;
  if (format && !(REFERENCE_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, problem: `Unknown format "${format}": use one of ${REFERENCE_FORMATS.join(', ')}, or leave it out to have it recognised.` };
  }
  return { ok: true, value: { references, ...(format && { format: format as ReferenceFormat }) } };
}

/** `{ title?, author?, language?, year? }`: a title or an author at least. */
export function parseFindInput(input: unknown): Parsed<FindQuery> {
  const object = objectOf(input);
  const title = text(object.title);
  const author = text(object.author);
  if (!title && !author) return { ok: false, problem: 'Give a "title" or an "author" (or both) to search for.' };
  const language = text(object.language, 20)?.toLowerCase();
  const yearValue = typeof object.year === 'number' ? object.year : typeof object.year === 'string' ? Number(object.year.trim()) : undefined;
  const year = yearValue !== undefined && Number.isInteger(yearValue) && yearValue > 0 && yearValue < 10_000 ? yearValue : undefined;
  return { ok: true, value: { ...(title && { title }), ...(author && { author }), ...(language && { language }), ...(year !== undefined && { year }) } };
}
