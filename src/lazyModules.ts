/**
 * The lazy boundary: every module that loads on first use, from dist/lazy.js, rather than at
 * activation. A module is reached across it only by `await import('…')`, and esbuild.js
 * refuses to build when a dynamic import names a module missing here.
 *
 * Each of our modules is in one bundle only: what dist/lazy.js needs of the activation bundle
 * (the finder, the model, the error classes, the emitter) it takes from dist/extension.js, so
 * module state (the parse cache) exists once and `instanceof` holds across the boundary. The
 * build fails, and test/slow/bundleSplit.test.ts fails, if a module lands in both.
 *
 * Paths from the project root; dist/lazy.js exports each module under its path.
 */
export const LAZY_MODULES: readonly string[] = [
  // Look-ups: the cache, the throttles, the book service; the Node host: undici, files, covers.
  'src/core/lookups/lookups.ts',
  'src/editor/words/log.ts',
  // What a failure's reason says: no failure exists before the look-ups load.
  'src/editor/words/failures.ts',
  'src/core/host/node/nodeHost.ts',
  // Commands, on their first run.
  'src/editor/features/commands/annotateFile.ts',
  'src/editor/features/commands/apiKey.ts',
  'src/editor/features/commands/checkBibliography.ts',
  'src/editor/features/commands/insertBibtexEntry.ts',
  'src/editor/features/commands/insertEntry.ts',
  'src/editor/features/commands/lookupAllInFile.ts',
  'src/editor/features/commands/lookupAuthor.ts',
  'src/editor/features/commands/lookupIsbn.ts',
  'src/editor/features/commands/statusMenu.ts',
  'src/editor/features/commands/toggleInlineTitles.ts',
  'src/editor/infrastructure/biblatexHint.ts',
  // Whether the key's plan is the one set, a moment after the look-ups start.
  'src/editor/features/keyPlanOffer.ts',
  // The book service's settings moved to their new names, a moment after activation.
  'src/editor/infrastructure/settingsMigration.ts',
  // The chat's tools (language model tools), on their first call.
  'src/editor/features/chat/chatTools.ts',
  // Finding a book (issue 36): the finding API, its commands and quick fix (one entry), the hover's editions line.
  'src/core/finding/finder.ts',
  'src/editor/features/commands/findBook.ts',
  'src/editor/features/editionsHoverLine.ts',
  // Check Bibliography: the comparison and its words (the command takes them too).
  'src/core/check/checkEntries.ts',
  'src/core/check/fixes.ts',
  'src/editor/words/check.ts',
  'src/editor/features/checkCodeActions.ts',
  // Bibliographies (BibTeX, CSL, RIS readers) and what is made from them.
  'src/core/bibliography/bibliographyIndex.ts',
  'src/core/bibliography/documentBibliographies.ts',
  'src/core/formats/shared/entryLookup.ts',
  'src/core/formats/registry.ts',
  'src/core/formats/readings.ts',
  'src/core/formats/cslYaml/read.ts',
  'src/core/bibliography/readPolicy.ts',
  'src/editor/words/files.ts',
  'src/core/formats/bibtex/bookEntry.ts',
  'src/core/formats/bibtex/citeKeyPattern.ts',
  'src/core/formats/bibtex/dialect.ts',
  // References in a citation style: citeproc-js and the bundled CSL styles and locales; the hovers'
  // line and the copy commands (referenceLine.ts takes commands/copyReference.ts with it).
  'src/core/citation/render.ts',
  'src/editor/features/referenceLine.ts',
];
