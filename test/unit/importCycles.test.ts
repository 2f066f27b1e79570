import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCycles, importGraph } from '../lint/importCycles';

test('the cycle check finds a cycle, each once, and none in src/', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a', 'd']],
    ['d', []],
    ['e', ['e']],
  ]);
  assert.deepEqual(findCycles(graph), [['a', 'b', 'c'], ['e']]);
  assert.deepEqual(findCycles(importGraph()), []);
});

test('the layer check finds an import up the layers, and none in src/', async () => {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { withDir } = await import('../helpers/tempDir');
  const { layerViolations } = await import('../lint/importCycles');
  await withDir(async (root) => {
    await mkdir(join(root, 'core', 'bibtex'), { recursive: true });
    await mkdir(join(root, 'core', 'annotate'), { recursive: true });
    await writeFile(join(root, 'core', 'annotate', 'report.ts'), 'export const x = 1;\n');
    await writeFile(join(root, 'core', 'bibtex', 'fill.ts'), "import { x } from '../annotate/report';\nexport const y = x;\n");
    assert.deepEqual(layerViolations(root), ['core/bibtex/fill.ts → core/annotate/report.ts']);
  });
  assert.deepEqual(layerViolations(), []);
});
