/** BibTeX and BibLaTeX files: `.bib` or `.bibtex`, or the `bibtex`/`biblatex` language. */
import type { FormatRecognition } from '../recognition';

export const bibtexRecognition: FormatRecognition = { id: 'bibtex', namedKinds: ['bibtex'], extensions: ['bib', 'bibtex'] };
