/** BibTeX values as the text they print: the LaTeX a bibliography's titles and names use. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { latexToText } from '../../src/core/formats/bibtex/latexText';
import { readNameList } from '../../src/core/formats/bibtex/names';
import { BibtexReading } from '../../src/core/formats/bibtex/reading';

test('accents with a symbol, braced or not, become letters', () => {
  assert.equal(latexToText('M{\\"u}ller'), 'Müller');
  assert.equal(latexToText('M\\"uller'), 'Müller');
  assert.equal(latexToText('M\\"{u}ller'), 'Müller');
  assert.equal(latexToText("L'\\'Etranger"), "L'Étranger");
  assert.equal(latexToText('Gar\\c{c}on, \\^{e}tre, \\`a, \\~n, \\=o'), 'Garçon, être, à, ñ, ō');
});

test('accents with a letter command, and dotless i', () => {
  assert.equal(latexToText('Dvo\\v{r}\\\'ak'), 'Dvořák');
  assert.equal(latexToText('Erd\\H{o}s'), 'Erdős');
  assert.equal(latexToText("Mart{\\'\\i}nez"), 'Martínez');
  assert.equal(latexToText('Fran\\c cois'), 'François');
});

test('special letters', () => {
  assert.equal(latexToText("Stra{\\ss}e, {\\O}ystein, \\AE sop, {\\aa}r, \\L{}\\'odz"), 'Straße, Øystein, Æsop, år, Łódz');
});

test('escapes of special characters', () => {
  assert.equal(latexToText('Data \\& Code: 100\\% \\$5 \\#1 a\\_b \\{x\\}'), 'Data & Code: 100% $5 #1 a_b {x}');
});

test('dashes, quotes and ties', () => {
  assert.equal(latexToText('1914--1918 --- a ``war\'\' ~story'), '1914–1918 — a “war” story');
  assert.equal(latexToText('D.~E. Knuth'), 'D. E. Knuth');
});

test('formatting commands keep their argument; declarations and \\relax go', () => {
  assert.equal(latexToText('On \\emph{Walden} and \\textbf{\\textit{Moby-Dick}}'), 'On Walden and Moby-Dick');
  assert.equal(latexToText('{\\em Ulysses} by {\\sc Joyce}'), 'Ulysses by Joyce');
  assert.equal(latexToText('{\\relax Ch}ristian'), 'Christian');
  assert.equal(latexToText('\\noopsort{a}Zen'), 'Zen');
});

test('protective braces and math dollars go, spacing is flattened', () => {
  assert.equal(latexToText('{The {C} Programming   Language}'), 'The C Programming Language');
  assert.equal(latexToText('The $n$ Queens'), 'The n Queens');
});

test('a lone backslash at the end or an unclosed group ends quietly', () => {
  assert.equal(latexToText('abc\\'), 'abc');
  assert.equal(latexToText('\\"{u'), 'ü');
});

test("BibTeX entries' plain values and names are decoded; a url keeps its tilde", () => {
  const reading = BibtexReading.of('@book{k, title = {Der {\\"U}bermensch \\emph{und} Stra\\ss e}, author = {M{\\"u}ller, J{\\\'e}r{\\^o}me and others}, url = {https://x.org/~me}}');
  const [entry] = reading.entries();
  assert.equal(entry!.title, 'Der Übermensch und Straße');
  assert.deepEqual(entry!.authors, ['Müller, Jérôme', 'et al.']);
  assert.equal(entry!.fields.get('url'), 'https://x.org/~me');
  assert.deepEqual(readNameList('{\\relax Ch}ristian Smith and {AT\\&T Bell Laboratories}'), ['Christian Smith', 'AT&T Bell Laboratories']);
});
