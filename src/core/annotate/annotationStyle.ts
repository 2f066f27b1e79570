/**
 * What Annotate tells the user when a file gets nothing. Which style a file
 * gets is decided in documentKind/documentKind.ts (formatOf).
 */

/** What the user reads when a file gets nothing. */
export function unsupportedMessage(languageId: string): string {
  return (
    `ISBN Lens: Annotate knows Markdown and plain text (a note after each ISBN) and bibliographies ` +
    `(BibTeX/BibLaTeX .bib, CSL-JSON .json, CSL-YAML .yaml, RIS .ris: their own fields). ` +
    `This file (${languageId}) is none of them, so it was left as it is.`
  );
}
