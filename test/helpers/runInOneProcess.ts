/**
 * Runs every `*.test.ts` of a folder in this one process: `node --test` starts a process per
 * file, and with 40 small files that start-up is most of the unit tier's time (18 s against 4 s
 * here). Node 20 has no `--test-isolation=none`; this is the same thing. node:test reports as
 * usual and sets a failing exit code. Usage: node --import tsx test/helpers/runInOneProcess.ts test/unit
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const folder = resolve(process.argv[2] ?? 'test/unit');
const started = performance.now();
for (const file of readdirSync(folder).filter((name) => name.endsWith('.test.ts')).sort()) {
  require(resolve(folder, file));
}
// The tier's own time, start to end, said last: the target is 10 s on a 2-core machine.
process.on('exit', () => process.stderr.write(`${folder.split(/[\\/]/).pop()} tier: ${((performance.now() - started) / 1000).toFixed(1)} s\n`));
