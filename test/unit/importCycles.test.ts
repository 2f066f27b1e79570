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

test('the layer check reads the layers from ARCHITECTURE.md, and finds an import up them and a module in none', async () => {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { withDir } = await import('../helpers/tempDir');
  const { layerViolations, layersOf } = await import('../lint/importCycles');
  const page = '## Layers\n\n```\nactivation.ts  the top\n──── src/core ────\nannotate/ lookupSummary.ts  reports\nformats/   parts\n```\n';
  assert.deepEqual(layersOf(page), [['activation.ts'], ['core/annotate/', 'core/lookupSummary.ts'], ['core/formats/']]);
  await withDir(async (root) => {
    await mkdir(join(root, 'core', 'formats'), { recursive: true });
    await mkdir(join(root, 'core', 'annotate'), { recursive: true });
    await mkdir(join(root, 'core', 'other'), { recursive: true });
    await writeFile(join(root, 'core', 'annotate', 'report.ts'), "import { y } from '../formats/fill';\nexport const x = y;\n");
    await writeFile(join(root, 'core', 'formats', 'fill.ts'), "import { x } from '../annotate/report';\nexport const y = x;\n");
    await writeFile(join(root, 'core', 'other', 'thing.ts'), 'export const z = 1;\n');
    assert.deepEqual(layerViolations(root, page).sort(), ['core/formats/fill.ts → core/annotate/report.ts', 'core/other/thing.ts is in no layer of ARCHITECTURE.md']);
  });
  assert.deepEqual(layerViolations(), []);
});
