/**
 * Issue 23's cross-check: the project's BibTeX reader against latex-utensils
 * (the parser it replaced, read a chunk per line-start `@` as it was used)
 * and bibtex-tidy's parser, on entries, keys and field values as written
 * (whitespace aside: the others normalise it). Used by the unit test and by
 * `npm run crosscheck:bibtex -- <dir>`; both libraries are dev dependencies.
 */
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import * as utensils from 'latex-utensils/out/src/bibtex/bibtex_parser';
import { readAllItems } from '../../src/core/formats/bibtex/reader';

/** An entry as the three readers can agree on it: type, key, and name → value as written, whitespace removed. */
export interface Comparable {
  type: string;
  key: string;
  fields: [string, string][];
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

export function ours(text: string): Comparable[] {
  const out: Comparable[] = [];
  for (const item of readAllItems(text)) {
    if (item.kind !== 'entry') continue;
    const { type, key, fields } = item.entry;
    out.push({ type, key, fields: fields.map((f) => [f.name, squeeze(text.slice(f.valueStart, f.valueEnd))]) });
  }
  return out;
}

const NOT_ENTRIES = new Set(['comment', 'string', 'preamble']);

/** latex-utensils as the project used it: a chunk per line-start `@`, a chunk that fails costs itself. */
export function latexUtensils(text: string): Comparable[] {
  const starts: number[] = [];
  for (const m of text.matchAll(/^[ \t]*@/gm)) starts.push(m.index);
  const out: Comparable[] = [];
  starts.forEach((start, i) => {
    const chunk = text.slice(start, starts[i + 1] ?? text.length);
    // The PEG parser is exponential in unclosed braces (issue 23): such a chunk is not given to it.
    if (/\{{12,}/.test(chunk)) return;
    let ast: utensils.BibtexAst;
    try {
      ast = utensils.parse(chunk);
    } catch {
      return;
    }
    for (const node of ast.content) {
      if (!utensils.isEntry(node) || NOT_ENTRIES.has(node.entryType.toLowerCase())) continue;
      out.push({
        type: node.entryType.toLowerCase(),
        key: node.internalKey ?? '',
        fields: node.content.map((f) => [f.name.toLowerCase(), squeeze(chunk.slice(f.value.location.start.offset, f.value.location.end.offset))]),
      });
    }
  });
  return out;
}

interface TidyNode {
  type: string;
  command?: string;
  block?: { type: string; key?: string; fields?: { name: string; value: { concat: { type: string; value: string }[] } }[] };
}

let tidyAst: ((input: string) => { children: TidyNode[] }) | undefined;

/** bibtex-tidy's own parser (generateAST), which its package does not export: its file is loaded with one export added. */
export function bibtexTidy(text: string): Comparable[] {
  if (!tidyAst) {
    const file = require.resolve('bibtex-tidy');
    const copy = new Module(file) as Module & { _compile(code: string, file: string): void; paths: string[] };
    copy.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(file);
    copy._compile(`${readFileSync(file, 'utf8')}\nmodule.exports.generateAST = generateAST;`, file);
    tidyAst = (copy.exports as { generateAST: typeof tidyAst }).generateAST;
  }
  const out: Comparable[] = [];
  for (const node of tidyAst!(text.replace(/\r\n/g, '\n')).children) {
    const block = node.block;
    if (node.type !== 'block' || block?.type !== 'entry') continue;
    out.push({
      type: node.command!.toLowerCase(),
      key: block.key ?? '',
      fields: (block.fields ?? []).map((f) => [
        f.name.toLowerCase(),
        squeeze(f.value.concat.map((p) => (p.type === 'braced' ? `{${p.value}}` : p.type === 'quoted' ? `"${p.value}"` : p.value)).join('#')),
      ]),
    });
  }
  return out;
}

export interface Disagreement {
  reader: 'latex-utensils' | 'bibtex-tidy';
  key: string;
  what: string;
}

/** Where another reader's entries differ from ours, entry by entry (matched by key, then in order). */
export function disagreements(ourEntries: Comparable[], theirs: Comparable[], reader: Disagreement['reader']): Disagreement[] {
  const out: Disagreement[] = [];
  const byKey = new Map<string, Comparable[]>();
  for (const entry of theirs) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
  for (const entry of ourEntries) {
    const same = byKey.get(entry.key);
    const other = same?.shift();
    if (!other) {
      out.push({ reader, key: entry.key, what: `only we read @${entry.type}{${entry.key}}` });
      continue;
    }
    if (other.type !== entry.type) out.push({ reader, key: entry.key, what: `type ${entry.type} vs ${other.type}` });
    // Field by field in order (a field written twice is read twice by all three).
    for (let k = 0; k < Math.max(entry.fields.length, other.fields.length); k++) {
      const [name, value] = entry.fields[k] ?? [];
      const [theirName, theirValue] = other.fields[k] ?? [];
      if (name === undefined) out.push({ reader, key: entry.key, what: `only ${reader} reads field ${theirName}` });
      else if (theirName === undefined) out.push({ reader, key: entry.key, what: `only we read field ${name}` });
      else if (name !== theirName || value !== theirValue) out.push({ reader, key: entry.key, what: `${name} = ${brief(value!)} vs ${theirName} = ${brief(theirValue!)}` });
    }
  }
  for (const [key, left] of byKey) for (const entry of left) out.push({ reader, key, what: `only ${reader} reads @${entry.type}{${key}}` });
  return out;
}

function brief(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

export interface FileReport {
  entries: { ours: number; latexUtensils: number; bibtexTidy: number };
  disagreements: Disagreement[];
}

export function crosscheck(text: string): FileReport {
  const mine = ours(text);
  const lu = latexUtensils(text);
  const tidy = bibtexTidy(text);
  return {
    entries: { ours: mine.length, latexUtensils: lu.length, bibtexTidy: tidy.length },
    disagreements: [...disagreements(mine, lu, 'latex-utensils'), ...disagreements(mine, tidy, 'bibtex-tidy')],
  };
}
