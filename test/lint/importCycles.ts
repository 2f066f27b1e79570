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
 * The layers, read from ARCHITECTURE.md's "Layers" block, so that the page and the lint cannot
 * disagree: each line names folders (`editor/features/`) or modules (`activation.ts`) at its
 * start, relative to src/ above the `src/core` rule and to src/core/ below it; the first line is
 * the top. A module may import its own layer's or a lower one's, never a higher one's, and every
 * module of src/ must be in a layer.
 */
export function layersOf(page: string): string[][] {
  const block = /## Layers\s*```\n([\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('ARCHITECTURE.md has no "## Layers" block');
  const layers: string[][] = [];
  let base = '';
  for (const line of block.split('\n')) {
    if (/^─/.test(line)) {
      base = 'core/';
      continue;
    }
    const names = /^(\S+(?: \S+)*?)(?: {2,}|$)/.exec(line)?.[1]?.split(' ') ?? [];
    if (names.length > 0) layers.push(names.map((name) => base + name));
  }
  return layers;
}

const PAGE = resolve(__dirname, '..', '..', 'ARCHITECTURE.md');

/** The layer a module of src/ is in (its longest matching name), or -1. */
function layerIndex(layers: readonly string[][], module: string): number {
  let best = -1;
  let length = 0;
  layers.forEach((names, index) => {
    for (const name of names) {
      const matches = name.endsWith('/') ? module.startsWith(name) : module === name;
      if (matches && name.length > length) [best, length] = [index, name.length];
    }
  });
  return best;
}

/** Every run-time import that goes up the layers, as `from → to`, and every module in no layer. */
export function layerViolations(root = ROOT, page = readFileSync(PAGE, 'utf8')): string[] {
  const layers = layersOf(page);
  const graph = importGraph(root);
  const found: string[] = [];
  const name = (file: string) => relative(root, file).split('\\').join('/');
  for (const [file, targets] of graph) {
    const from = name(file);
    const fromLayer = layerIndex(layers, from);
    if (fromLayer < 0) {
      found.push(`${from} is in no layer of ARCHITECTURE.md`);
      continue;
    }
    for (const target of targets) {
      const to = name(target);
      if (layerIndex(layers, to) < fromLayer) found.push(`${from} → ${to}`);
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
