/**
 * References as a CSL style writes them, by citeproc-js (the CSL processor Zotero runs), with the
 * bundled styles and locales (cslData.json, made by scripts/cslData.ts). Loaded on first use:
 * this module and the data from dist/lazy.js, citeproc-js from a bundle of its own
 * (dist/citeproc.js, esbuild.js) when the first renderer is made; the browser build inlines both.
 *
 * Each reference comes as plain text and as Markdown (italics as `*…*`, bold as `**…**`, every
 * other character with a meaning in Markdown escaped), in the style's bibliography order.
 */
import type CSL from 'citeproc';
import { LINK_TRIGGERS } from '../format/markdown';
import type { CslItem } from './cslItem';
import { type BundledLocale, type BundledStyle, DEFAULT_LOCALE } from './styles';
import data from './cslData.json';
import { styleBody, styleProblem, type StyleProblem } from './styleText';

export { bookCsl, entryCsl } from './cslItem';

export interface Reference {
  id: string;
  text: string;
  markdown: string;
}

const LOCALES = data.locales as Record<BundledLocale, string>;
const STYLES = data.styles as Record<BundledStyle, string>;

export function bundledStyleText(id: BundledStyle): string {
  return STYLES[id];
}

// Characters with inline meaning in Markdown (as the annotations escape them, parentheses aside:
// a reference is never parsed back by them) and what would make a link of a bare address.
// The module loads on first use: the pattern is made then.
const MARKDOWN_SPECIAL = new RegExp(`${/[\\`*_[\]<>|~$]/.source}|${LINK_TRIGGERS}`, 'gu');

type Citeproc = typeof CSL;

/** citeproc-js, loaded on the first renderer. */
async function citeproc(): Promise<Citeproc> {
  return (await import('citeproc')).default;
}

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

/** One style in one locale, ready to format items (made by makeRenderer). */
export class CitationRenderer {
  private readonly engine: ReturnType<typeof makeEngine>;
  private items = new Map<string, CslItem>();
  private runs = 0;

  /** `style`: a bundled style's XML or a user's `.csl` text (checked by styleProblem; a StyleError if it fails). */
  constructor(processor: Citeproc, style: string, readonly locale: BundledLocale) {
    const problem = styleProblem(style);
    if (problem) throw new StyleError(problem);
    installMarkdownFormat(processor);
    try {
      this.engine = makeEngine(processor, styleBody(style), locale, (id) => this.items.get(id));
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

function makeEngine(processor: Citeproc, style: string, locale: BundledLocale, item: (id: string) => CslItem | undefined) {
  const sys = {
    retrieveLocale: (lang: string) => LOCALES[lang as BundledLocale] ?? LOCALES[DEFAULT_LOCALE],
    retrieveItem: (id: string) => item(id),
  };
  return new processor.Engine(sys, style, locale, true);
}

/** A renderer of a style's text (a bundled style's, or a user's `.csl`): a StyleError if the style cannot be used. */
export async function makeRenderer(style: string, locale: BundledLocale): Promise<CitationRenderer> {
  return new CitationRenderer(await citeproc(), style, locale);
}

/** A bundled style in a locale. */
export function bundledRenderer(style: BundledStyle, locale: BundledLocale): Promise<CitationRenderer> {
  return makeRenderer(STYLES[style], locale);
}
