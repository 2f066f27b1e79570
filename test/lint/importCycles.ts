/**
 * Lint: no import cycles in src/, and no import that runs up the layers (see LAYER_RULES). Only imports that exist at run time count (`import type`
 * and imports of types alone vanish when compiled). Prints each cycle and exits 1 if any.
 * A small script rather than a plugin: the graph of relative imports is all it needs.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', 'src');
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** Whether an import clause brings in a value (not only types). */
function importsValue(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return false;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return true; // A default or namespace import, or `export *`.
  const names = braces[1]!.split(',').map((n) => n.trim()).filter(Boolean);
  return names.length === 0 || names.some((n) => !n.startsWith('type '));
}

export function importGraph(root = ROOT): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      if (!importsValue(match[2], match[3]!)) continue;
      const target = resolveImport(file, match[4]!);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle, each once, as the list of files around it. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        cycles.set([...cycle].sort().join('|'), cycle);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

/**
 * Imports that run up the layers, by folder: the model is imported by everything and imports
 * only what a book record is made of; what writes files or shows text never reaches into a
 * sibling's implementation for a shared word (it belongs in the model); the host knows no
 * format; the core knows no editor; a source knows no queue.
 */
export const LAYER_RULES: readonly { from: string; mayNotImport: readonly string[] }[] = [
  { from: 'core/', mayNotImport: ['editor/', 'extension.ts'] },
  { from: 'core/model/', mayNotImport: ['core/annotate/', 'core/bibliography/', 'core/bibtex/', 'core/format/', 'core/host/', 'core/lookups/', 'core/sources/', 'core/cache/', 'core/rate/'] },
  { from: 'core/bibliography/', mayNotImport: ['core/annotate/', 'core/lookups/', 'core/sources/', 'core/host/'] },
  { from: 'core/bibtex/', mayNotImport: ['core/annotate/', 'core/bibliography/', 'core/lookups/', 'core/sources/', 'core/host/'] },
  { from: 'core/format/', mayNotImport: ['core/annotate/', 'core/bibliography/', 'core/bibtex/', 'core/lookups/', 'core/sources/', 'core/host/'] },
  { from: 'core/host/', mayNotImport: ['core/annotate/', 'core/bibliography/', 'core/bibtex/', 'core/format/', 'core/lookups/'] },
  { from: 'core/sources/', mayNotImport: ['core/lookups/', 'core/cache/', 'core/host/node/'] },
];

/** Every import (types too) that breaks a layer rule, as `from → to`. */
export function layerViolations(root = ROOT): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const from = relative(root, file).split('\\').join('/');
    const rules = LAYER_RULES.filter((rule) => from.startsWith(rule.from));
    if (rules.length === 0) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[4]!);
      if (!target) continue;
      const to = relative(root, target).split('\\').join('/');
      if (rules.some((rule) => rule.mayNotImport.some((prefix) => to.startsWith(prefix)))) found.push(`${from} → ${to}`);
    }
  }
  return found;
}

if (require.main === module) {
  const cycles = findCycles(importGraph());
  for (const cycle of cycles) console.error(`Import cycle: ${[...cycle, cycle[0]!].map((f) => relative(ROOT, f)).join(' → ')}`);
  const upward = layerViolations();
  for (const violation of upward) console.error(`Import up the layers: ${violation}`);
  if (cycles.length > 0 || upward.length > 0) process.exit(1);
  console.log('No import cycles in src/, and no import up the layers.');
}
