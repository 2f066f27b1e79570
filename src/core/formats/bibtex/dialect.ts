/**
 * BibTeX or BibLaTeX. The setting `isbnLens.bibtex.dialect` says which, or
 * `auto`: BibLaTeX when the .bib already uses fields or entry types only
 * BibLaTeX knows, or when a .tex of the workspace loads biblatex (the editor
 * passes that in), else BibTeX, which both read.
 */
export type BibtexDialect = 'bibtex' | 'biblatex';
export type DialectSetting = 'auto' | BibtexDialect;

const BIBLATEX_FIELDS = /(?:^|[,{(])\s*(?:date|location|pagetotal|langid|journaltitle|urldate|origdate|eventdate|maintitle|bookauthor)\s*=/im;
const BIBLATEX_TYPES = /@(?:collection|mvbook|mvcollection|online|reference|mvreference|bookinbook|suppbook|suppcollection)\s*[{(]/i;

export function usesBiblatex(bibText: string): boolean {
  return BIBLATEX_FIELDS.test(bibText) || BIBLATEX_TYPES.test(bibText);
}

/** `\usepackage[style=…]{biblatex}` (or `\RequirePackage`), not commented out. */
export function loadsBiblatex(texText: string): boolean {
  return /^[^%\n]*\\(?:usepackage|RequirePackage)\s*(?:\[[^\]]*\])?\s*\{[^}]*\bbiblatex\b[^}]*\}/m.test(texText);
}

export function chooseDialect(setting: DialectSetting | undefined, bibText: string, hint: { texLoadsBiblatex?: boolean } = {}): BibtexDialect {
  if (setting === 'bibtex' || setting === 'biblatex') return setting;
  return hint.texLoadsBiblatex || usesBiblatex(bibText) ? 'biblatex' : 'bibtex';
}
