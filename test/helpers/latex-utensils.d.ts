// latex-utensils ships the BibTeX parser's types under out/types/ but its code
// under out/src/; importing the parser module alone keeps its LaTeX parser
// (250 kB) out of the bundle.
declare module 'latex-utensils/out/src/bibtex/bibtex_parser' {
  export * from 'latex-utensils/out/types/src/bibtex/bibtex_parser';
}
