// The finder's rules as named things (ARCHITECTURE.md, "The finder's rules"): each judgement
// the finder makes about a number (is this an ISBN here, or not?) has an identifier, a
// one-line reason, the kinds of document it applies to, how far it reads around the
// number, and examples that run as unit tests (test/unit/finderRules.test.ts). The code
// that applies a rule names it by its `code`, so that a match can say which rule found it
// and an explanation which rule ruled a number out (find.ts, explainIsbns).
import type { DataKind } from '../textShape';

/** The kinds of document a rule applies to. The finder tells prose from data (textShape.ts); code and markup are read as prose. */
export type DocumentKind = 'prose' | 'bibliography' | 'data' | 'code' | 'markup';
export const ALL_KINDS: readonly DocumentKind[] = ['prose', 'bibliography', 'data', 'code', 'markup'];
/** Kinds the finder reads as prose (TextShape `text`). */
export const PROSE_KINDS: readonly DocumentKind[] = ['prose', 'bibliography', 'code', 'markup'];

/** The families of rules, in the order the rules page lists them. */
export const FAMILIES = {
  shape: "Shape: prose or data, told by the document's start",
  candidates: 'Candidates: how a number is read (notations, separators, other digits)',
  labels: 'Labels',
  urls: 'URLs and links',
  data: 'Data and columns',
  catalogue: 'Catalogue records',
  code: 'Code',
  repeats: 'Repeats and chance numbers',
} as const;
export type Family = keyof typeof FAMILIES;

/**
 * What a rule does: `isbn`, evidence that a number is an ISBN; `notIsbn`, evidence that it is
 * not; `reads`, how a candidate is read from the text (a notation, a separator), deciding nothing;
 * `flags`, which candidates meant as ISBNs are reported as broken ones (the editor's diagnostics).
 */
export type Says = 'isbn' | 'notIsbn' | 'reads' | 'flags';

/**
 * How far a rule reads around a candidate, as the incremental index (lineScan.ts) honours it:
 * a rescan re-decides the candidates on the lines an edit touched, widened by `lines` (and
 * `across`, `field`, `block`), and reads as much again around them. Every rule says `lines`;
 * the rest only where its code reads further. Nothing else is read beyond a candidate's lines.
 */
export interface Reach {
  /** Whole lines read on each side of the candidate's own line: 0, its line only (whatever it reads along it). */
  lines: number;
  /** The most characters read along the line(s) on either side: documentation only (a rescan reads whole lines). */
  chars?: number;
  /**
   * Characters read on each side across line ends, however many lines they span (a key 400
   * characters back in pretty-printed JSON): the index widens by lines until it holds as many.
   */
  across?: number;
  /**
   * Reads what the rules decided of the other candidates within that many characters on each side
   * (how many bare 10s around it are no ISBN): those are decided with their own rules' reach, so
   * the index widens by this and the largest `across` together.
   */
  decisions?: number;
  /** Reads the whole isbn field it stands in, of at most that many lines (the index widens to fields, lineScan.ts). */
  field?: number;
  /**
   * Reads up the block of lines it stands in (consecutive lines for which `inside` holds, and
   * the line above them: a Markdown table's rows and its header), as far as `chars` characters:
   * the index re-decides the whole block below an edit in it, reading from the line above it.
   */
  block?: { inside: RegExp; chars: number };
  /**
   * `head`: reads what the document's start says (its kind, a CSV's header, its script): every
   * scan the index makes is told the document's shape and start, read again for each rescan.
   * `text`: reads the whole text (another place of the same number): the index does not apply
   * such a rule (lineScan.ts, LEFT_TO_FULL_SCANS), and says so; a scan of the whole text does.
   */
  document?: 'head' | 'text';
}

/** A Markdown table's rows (`| … |`): a cell's column header is read up them (dataContext.ts, markdownColumnHeader). */
export const MARKDOWN_TABLE = { inside: /^\s*\|/, chars: 1 << 20 };
/** An array of numbers laid out over lines (`"isbn": [⏎ "0441013597",⏎ …`): its key is read up them (dataContext.ts, arrayKeySaysIsbn). */
export const NUMBER_ARRAY = { inside: /^[\s0-9Xx"',-]*$/, chars: 1 << 16 };

/**
 * A text and the valid ISBNs (as ISBN-13s, in any order) the finder finds in it. `name`: the
 * document's file name, when the rule applies to a kind known by its name (a `.csv`).
 */
export interface RuleExample {
  text: string;
  finds: readonly string[];
  name?: string;
  /** The candidates reported as broken ISBNs, as written (checked when given). */
  reports?: readonly string[];
}

/** What the finder needs of a rule when it runs: loaded with it, at activation. */
export interface RuleSpec {
  /** `family.rule`: `label.isbnWord`, `url.amazonPath`, `data.csv.columnNamesIsbn`, `code.callArgument`. */
  id: string;
  family: Family;
  says: Says;
  /** For a rule that finds ISBNs: the few words the hover says of an ISBN it found ("isbn column"). */
  short?: string;
  kinds: readonly DocumentKind[];
  /** Data of this shape only (textShape.ts: an SQL dump's rule): the index widens by its reach for that shape alone. */
  shape?: DataKind;
  reach: Reach;
}

/**
 * Why a rule holds and its examples both ways: documentation and tests, in each family's
 * `<family>.docs.ts` (loaded by the tests and the rules page, never at activation: they are
 * about half the rules' size).
 */
export interface RuleDocs {
  /** One line: why the finder believes it. */
  reason: string;
  /** Texts where the rule applies (for `isbn` and `notIsbn` rules the explanation names it), and texts where it does not. */
  yes: readonly RuleExample[];
  no: readonly RuleExample[];
}

export interface Rule extends RuleSpec {
  /** The number the code names it by: its place in the registry, from 1. */
  readonly code: number;
}

const REGISTRY: Rule[] = [];
const DOCS = new Map<string, RuleDocs>();

/** Adds a rule to the registry (each family's module defines its rules once, at load). */
export function defineRule(spec: RuleSpec): Rule {
  if (REGISTRY.some((r) => r.id === spec.id)) throw new Error(`rule ${spec.id} is defined twice`);
  const rule: Rule = Object.freeze({ ...spec, code: REGISTRY.length + 1 });
  REGISTRY.push(rule);
  return rule;
}

/** Adds rules' reasons and examples, by identifier (each family's docs module, once). */
export function describeRules(docs: Readonly<Record<string, RuleDocs>>): void {
  for (const [id, doc] of Object.entries(docs)) {
    if (DOCS.has(id)) throw new Error(`rule ${id} is described twice`);
    DOCS.set(id, doc);
  }
}

/** A rule's reason and examples (its family's docs module must be loaded: `rules/docs.ts`). */
export function docsOf(rule: Rule): RuleDocs {
  const docs = DOCS.get(rule.id);
  if (!docs) throw new Error(`rule ${rule.id} has no reason and examples: load rules/docs.ts`);
  return docs;
}

/** Every rule defined so far, in the order of definition. */
export function registeredRules(): readonly Rule[] {
  return REGISTRY;
}

/** The rule of an identifier (`label.isbnWord`), if there is one. */
export function ruleById(id: string): Rule | undefined {
  return REGISTRY.find((rule) => rule.id === id);
}

/** The rule of a code (0 and unknown codes: undefined). */
export function ruleOfCode(code: number): Rule | undefined {
  return code > 0 ? REGISTRY[code - 1] : undefined;
}

/** The reach of the rules for a kind of text, in the terms the incremental index honours (Reach). */
export interface KindReach {
  lines: number;
  /** Characters across lines: the largest `across`, plus the largest `decisions` (the candidates counted are decided with their own reach). */
  across: number;
  field: number;
  blocks: ReadonlyArray<{ inside: RegExp; chars: number }>;
}

/**
 * The reach of the rules that apply to a shape of text as the finder tells it (`text`, prose; or a
 * kind of data): the most lines and characters across lines any of them reads, the longest
 * isbn field, and the blocks they read up. Worked out from the rules defined so far
 * (rules/index.ts defines them all).
 */
export function reachInLines(shape: 'text' | DataKind): KindReach {
  const data = shape !== 'text';
  let lines = 0;
  let across = 0;
  let field = 0;
  let decisions = 0;
  const blocks: Array<{ inside: RegExp; chars: number }> = [];
  for (const rule of REGISTRY) {
    if (!rule.kinds.some((kind) => (kind === 'data') === data) || (rule.shape !== undefined && rule.shape !== shape)) continue;
    lines = Math.max(lines, rule.reach.lines);
    across = Math.max(across, rule.reach.across ?? 0);
    field = Math.max(field, rule.reach.field ?? 0);
    decisions = Math.max(decisions, rule.reach.decisions ?? 0);
    const block = rule.reach.block;
    if (block && !blocks.some((b) => b.inside === block.inside)) blocks.push(block);
  }
  return { lines, across: across + decisions, field, blocks };
}
