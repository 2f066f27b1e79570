/**
 * A generated BibLaTeX library shaped like a Zotero + Better BibTeX export:
 * ~1 KB an entry with abstracts, file paths, keywords, protective braces,
 * escapes, `@string`s and `#` concatenation, a few @comment blocks; seeded,
 * so every run reads the same text. 50,000 entries come to ~48 MB.
 */
import { prng } from './prng';

const TYPES = ['book', 'article', 'incollection', 'inproceedings', 'thesis', 'online', 'report', 'collection'];
const WORDS = 'analysis of the structure in modern systems with applications to {Bayesian} inference and {\\"U}bersicht {\\&} {DNA} sequencing during early twentieth century history language model network learning'.split(' ');
const LAST = ['Müller', 'Smith', 'García', 'Nakamura', 'O\'Brien', 'van der Berg', 'Kowalski', '{Ørsted}', 'Dupont', 'Rossi'];
const FIRST = ['Anna', 'John', 'María José', 'Hiroshi', 'Seán', 'Pieter', 'Zofia', 'Hans Christian', 'Jean-Luc', 'Giulia'];

function isbn13(i: number): string {
  const body = `978${String(100000000 + (i % 900000000)).padStart(9, '0')}`;
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(body[k]) * (k % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

export function zoteroLibrary(entries: number, seed = 23): string {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const out: string[] = ['@comment{jabref-meta: databaseType:biblatex;}\n', '@string{jan = "January"}\n@string{sprv = "Springer Verlag"}\n\n'];
  for (let i = 0; i < entries; i++) {
    const type = pick(TYPES);
    const authors = Array.from({ length: 1 + Math.floor(random() * 4) }, () => `${pick(LAST)}, ${pick(FIRST)}`).join(' and ');
    const year = 1900 + Math.floor(random() * 125);
    const key = `${pick(LAST).replace(/[^A-Za-z]/g, '').toLowerCase()}${year}${words(1).replace(/[^a-z]/g, '')}${i}`;
    const lines = [
      `@${type}{${key},`,
      `  title = {${words(6)}: {${words(3)}}},`,
      `  author = {${authors}},`,
      `  date = {${year}-${String(1 + (i % 12)).padStart(2, '0')}},`,
      `  abstract = {${words(40 + Math.floor(random() * 46))}. It costs 50\\% more, see {\\S} 3.},`,
      `  langid = {english},`,
      `  keywords = {${words(3).replace(/ /g, ', ')}},`,
      `  file = {/Users/someone/Zotero/storage/${key.slice(0, 8).toUpperCase()}/${key}.pdf:application/pdf},`,
      `  url = {https://doi.org/10.${1000 + (i % 9000)}/${key}},`,
      `  urldate = {2024-0${1 + (i % 9)}-1${i % 10}},`,
    ];
    if (i % 3 === 0) lines.push(`  isbn = {${isbn13(i)}},`);
    if (i % 5 === 0) lines.push(`  publisher = sprv # " Berlin",`, '  month = jan,');
    if (i % 7 === 0) lines.push(`  pages = {${i % 300}--${(i % 300) + 20}},`, `  volume = ${1 + (i % 40)},`);
    if (i % 11 === 0) lines.push(`  note = "Quoted {"}value{"} with {braces}",`);
    lines[lines.length - 1] = lines[lines.length - 1].replace(/,$/, '');
    lines.push('}', '');
    out.push(lines.join('\n') + '\n');
    if (i % 5000 === 4999) out.push(`@comment{a group of entries ${i}}\n\n`);
  }
  return out.join('');
}
