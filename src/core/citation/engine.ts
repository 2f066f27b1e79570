/**
 * One CSL style in one locale, made into a citeproc-js engine, and what renders references with
 * it: the engine itself (CitationRenderer, run wherever citeproc-js is: in a worker,
 * host/citeprocWorkerAnswers.ts, or in the extension host) and the asynchronous face the editor
 * holds (ReferenceRenderer, CitationEngines), whichever thread the engine lives on. Holds none of
 * the bundled styles and locales (render.ts has them): the worker's bundle is made from this module
 * and is handed the XML.
 *
 * Each reference comes as plain text and as Markdown (italics as `*…*`, bold as `**…**`, every
 * other character with a meaning in Markdown escaped), in the style's bibliography order.
 */
import type CSL from 'citeproc';
import { LINK_TRIGGERS } from '../format/markdown';
import type { CslItem } from './cslItem';
import type { BundledLocale } from './styles';
import { styleBody, styleProblem, type StyleProblem } from './styleText';

export interface Reference {
  id: string;
  text: string;
  markdown: string;
}

export type Citeproc = typeof CSL;

/** The locales' XML by tag; `fallback`'s is given for a tag without one. */
export interface LocaleTexts {
  texts: Readonly<Record<string, string>>;
  fallback: string;
}

// Characters with inline meaning in Markdown (as the annotations escape them, parentheses aside:
// a reference is never parsed back by them) and what would make a link of a bare address.
// The module loads on first use: the pattern is made then.
const MARKDOWN_SPECIAL = new RegExp(`${/[\\`*_[\]<>|~$]/.source}|${LINK_TRIGGERS}`, 'gu');

function installMarkdownFormat(processor: Citeproc): void {
  const formats = processor.Output.Formats;
  if (formats.markdown) return;
  formats.markdown = {
    ...formats.text,
    text_escape: (text: string | undefined) => (text ?? '').replace(MARKDOWN_SPECIAL, '\\$&'),
    '@font-style/italic': (_state: unknown, str: string) => (str ? `*${str}*` : str),
    '@font-style/oblique': (_state: unknown, str: string) => (str ? `*${str}*` : str),
    '@font-weight/bold': (_state: unknown, str: string) => (str ? `**${str}**` : str),
  };
}

export class StyleError extends Error {
  constructor(readonly problem: StyleProblem | 'unreadable') {
    super(`CSL style: ${problem}`);
  }
}

/** A style's text checked (a StyleError if it cannot be used) and cut to what citeproc-js is handed. */
export function checkedStyleBody(style: string): string {
  const problem = styleProblem(style);
  if (problem) throw new StyleError(problem);
  return styleBody(style);
}

/** One style in one locale, ready to format items: building it holds the thread it runs on (docs/performance.md). */
export class CitationRenderer {
  private readonly engine: ReturnType<typeof makeEngine>;
  private items = new Map<string, CslItem>();
  private runs = 0;

  /** `style`: a bundled style's XML or a user's `.csl` text (checked by styleProblem; a StyleError if it fails). */
  constructor(processor: Citeproc, style: string, readonly locale: BundledLocale, locales: LocaleTexts) {
    const body = checkedStyleBody(style);
    installMarkdownFormat(processor);
    try {
      this.engine = makeEngine(processor, body, locale, locales, (id) => this.items.get(id));
    } catch {
      throw new StyleError('unreadable');
    }
  }

  /** The bibliography of `items` in the style's order (a numbered style numbers them in the order given). */
  bibliography(items: readonly CslItem[]): Reference[] {
    if (items.length === 0) return [];
    // The processor keeps what it read of an id: each run's items get ids of their own, the caller's given back.
    const run = ++this.runs;
    const internal = items.map((item, i) => ({ ...item, id: `${run}:${i}` }));
    this.items = new Map(internal.map((item) => [item.id, item]));
    this.engine.updateItems(internal.map((item) => item.id));
    const text = this.make('text');
    const markdown = this.make('markdown');
    const callerId = (id: string) => items[Number(id.slice(id.indexOf(':') + 1))]?.id ?? id;
    return text.map(({ id, entry }, i) => ({ id: callerId(id), text: entry, markdown: markdown[i]?.entry ?? entry }));
  }

  private make(format: 'text' | 'markdown'): Array<{ id: string; entry: string }> {
    this.engine.setOutputFormat(format);
    const made = this.engine.makeBibliography();
    if (!made) return [];
    const [meta, entries] = made;
    return entries.map((entry, i) => ({ id: String(meta.entry_ids[i]?.[0] ?? ''), entry: entry.replace(/\s+/g, ' ').trim() }));
  }
}

function makeEngine(processor: Citeproc, style: string, locale: BundledLocale, locales: LocaleTexts, item: (id: string) => CslItem | undefined) {
  const sys = {
    retrieveLocale: (lang: string) => locales.texts[lang] ?? locales.fallback,
    retrieveItem: (id: string) => item(id),
  };
  return new processor.Engine(sys, style, locale, true);
}

/** A style's engine as the editor holds it, wherever it runs: a StyleError, or a CitationWorkerError when its worker failed. */
export interface ReferenceRenderer {
  readonly locale: BundledLocale;
  bibliography(items: readonly CslItem[]): Promise<Reference[]>;
}

/** What makes the window's engines: in the extension host's thread (the browser) or in a worker (Node). */
export interface CitationEngines {
  /** `style`: a style's text; a StyleError if it cannot be used. */
  make(style: string, locale: BundledLocale): Promise<ReferenceRenderer>;
  dispose(): void;
}

/** The worker that runs the engines crashed, hung or was ended: the reference could not be formatted this time. */
export class CitationWorkerError extends Error {
  constructor(readonly why: 'crashed' | 'hung' | 'ended') {
    super(`The citation worker ${why}`);
  }
}
