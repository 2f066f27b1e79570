import assert from 'node:assert/strict';
import { test } from 'node:test';
import { citationAt, citationsIn } from '../../src/core/bibliography/citations';
import { citationSyntaxOf } from '../../src/core/documentKind/documentKind';
import { namedBibliographies, searchesTheWorkspace } from '../../src/core/bibliography/documentBibliographies';

const keys = (text: string, syntax: 'latex' | 'pandoc') => citationsIn(text, syntax).map((c) => c.key);

test('LaTeX: every cite command, starred, with optional arguments and several keys', () => {
  const tex = String.raw`As \cite{knuth1984} and \citep[see][p.~3]{kr1988, camus1971} show, \citet*{a}
\parencite[12]{b} \textcite{c} \autocite{d} \footcite{e} \fullcite{f} \nocite{g,
  h} \Textcite{i} \nocite{*} \citeauthor{j} \ref{notakey} \citestyle{authoryear}`;
  assert.deepEqual(keys(tex, 'latex'), ['knuth1984', 'kr1988', 'camus1971', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
  for (const c of citationsIn(tex, 'latex')) assert.equal(tex.slice(c.start, c.end), c.key);
});

test('Pandoc: bracketed, prefixed, suppressed, in-text and braced keys; never e-mail addresses', () => {
  const md = 'See [@doe99], [see @smith04, p. 3; @other], [-@knuth], @inline says, @{weird key}x and @{odd.key:1}.\nMail me at jane@example.org or @ alone.';
  assert.deepEqual(keys(md, 'pandoc'), ['doe99', 'smith04', 'other', 'knuth', 'inline', 'odd.key:1']);
  assert.deepEqual(keys('Keys end before punctuation: @doe99. And @doe99, @x:y.', 'pandoc'), ['doe99', 'doe99', 'x:y']);
});

test('the key under an offset, with its range; nothing off a key', () => {
  const md = 'Text [see @smith04, p. 3; @other] more.';
  const at = md.indexOf('other') + 2;
  assert.deepEqual(citationAt(md, at, 'pandoc'), { key: 'other', start: md.indexOf('other'), end: md.indexOf('other') + 5 });
  assert.equal(citationAt(md, md.indexOf('more'), 'pandoc'), undefined);
  const tex = 'x\n\\citep[p.~4]{alpha,\n  beta}\n';
  const hit = citationAt(tex, tex.indexOf('beta') + 1, 'latex');
  assert.deepEqual(hit, { key: 'beta', start: tex.indexOf('beta'), end: tex.indexOf('beta') + 4 });
  assert.equal(citationAt(tex, tex.indexOf('p.~4'), 'latex'), undefined, 'an optional argument is not a key');
});

test('bibliographies named by LaTeX documents, comments skipped', () => {
  const tex = String.raw`\addbibresource{refs/library.bib}
% \bibliography{old}
\bibliography{a, b.bib}
\addbibresource[location=remote]{other file.bib}`;
  const named = namedBibliographies(tex, 'latex');
  assert.deepEqual(named.files.map((f) => f.path), ['refs/library.bib', 'a.bib', 'b.bib', 'other file.bib']);
  assert.equal(tex.slice(named.files[1].start, named.files[1].end), 'a');
});

test('bibliographies named by YAML front matter: one file, a list, CSL formats, inline references', () => {
  const one = namedBibliographies('---\ntitle: X\nbibliography: refs.bib\n---\nText', 'pandoc');
  assert.deepEqual(one.files.map((f) => [f.path, f.format]), [['refs.bib', 'bibtex']]);
  const text = '---\nbibliography:\n  - "items.json"\n  - items.yaml\n  - more.ris\nreferences:\n  - id: x\n    type: book\n---\n';
  const list = namedBibliographies(text, 'pandoc');
  assert.deepEqual(list.files.map((f) => [f.path, f.format]), [['items.json', 'csl-json'], ['items.yaml', 'csl-yaml'], ['more.ris', 'ris']]);
  assert.equal(text.slice(list.files[0].start, list.files[0].end), 'items.json');
  assert.equal(list.inlineReferences, true);
  assert.deepEqual(namedBibliographies('No front matter\nbibliography: x.bib', 'pandoc').files, []);
});

test('a document that names no bibliography resolves through every workspace bibliography', () => {
  const none = { files: [], inlineReferences: false };
  assert.equal(searchesTheWorkspace(none, 'As \\cite{x}', 'latex', 'latex', 'paper.tex'), true);
  assert.equal(searchesTheWorkspace(namedBibliographies('\\bibliography{x}', 'latex'), 'x', 'latex', 'latex', 'paper.tex'), false, 'the named ones only');
  assert.equal(searchesTheWorkspace({ files: [], inlineReferences: true }, '', 'pandoc', 'markdown', 'a.md'), false, 'inline references are its own bibliography');
});

test('issue 24 (8): only a document that cites searches the workspace; a README mention reads nothing', () => {
  const none = { files: [], inlineReferences: false };
  const md = (text: string, languageId = 'markdown', fileName = 'README.md') => searchesTheWorkspace(none, text, 'pandoc', languageId, fileName);
  assert.equal(md('Thanks to @octocat and @hubot for the review.'), false);
  assert.equal(md('Follow [@octocat](https://github.com/octocat) or [@hubot][gh].\n\n[@gh]: https://github.com'), false, 'a link is not a citation');
  assert.equal(md('Mail [me](mailto:a@b.org) [a@b.org]'), false);
  assert.equal(md('As @lovelace wrote [see @lovelace, p. 3].'), true, 'a bracketed citation');
  assert.equal(md('As [-@lovelace] wrote.'), true);
  assert.equal(md('---\ntitle: Notes\n---\nAs @lovelace wrote.'), true, 'a Pandoc front matter');
  assert.equal(md('@knuth says', 'quarto', 'a.qmd'), true, 'Quarto documents cite');
  assert.equal(md('@knuth says', 'markdown', 'report.Rmd'), true, 'R Markdown documents cite');
  // Hostile text, scanned once (a quadratic scan of these 1.4 MB would take minutes).
  assert.equal(md('[-@a '.repeat(200_000) + '\n' + '[x'.repeat(200_000)), false);
});

test('issue 24 (9): a name without a bibliography extension has no format (never read); \\bibliography adds .bib', () => {
  const named = namedBibliographies('\\addbibresource{/etc/passwd}\n\\addbibresource{refs.bib}\n\\bibliography{../shared/library}', 'latex');
  assert.deepEqual(named.files.map((f) => [f.path, f.format]), [['/etc/passwd', undefined], ['refs.bib', 'bibtex'], ['../shared/library.bib', 'bibtex']]);
});

test('the citation syntax of a document', () => {
  assert.equal(citationSyntaxOf({ languageId: 'latex' }), 'latex');
  assert.equal(citationSyntaxOf({ languageId: 'plaintext', fileName: 'paper.tex' }), 'latex');
  assert.equal(citationSyntaxOf({ languageId: 'markdown' }), 'pandoc');
  assert.equal(citationSyntaxOf({ languageId: 'quarto', fileName: 'a.qmd' }), 'pandoc');
  assert.equal(citationSyntaxOf({ languageId: 'bibtex', fileName: 'refs.bib' }), undefined);
});
