/**
 * `npm run crosscheck:bibtex -- <dir>`: reads every .bib/.bibtex file under
 * <dir> with the project's reader, latex-utensils and bibtex-tidy, and prints
 * per file the entry counts and each disagreement (entries, keys, field values
 * as written). Exit code 0 either way: disagreements are for a person to judge.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { crosscheck } from '../test/helpers/bibtexCrosscheck';

function bibFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) return bibFiles(path);
    return stat.isFile() && /\.(bib|bibtex)$/i.test(name) ? [path] : [];
  });
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run crosscheck:bibtex -- <folder of .bib files>');
  process.exit(2);
}
const totals = { files: 0, ours: 0, latexUtensils: 0, bibtexTidy: 0, disagreements: 0 };
for (const file of bibFiles(dir)) {
  const report = crosscheck(readFileSync(file, 'utf8'));
  totals.files++;
  totals.ours += report.entries.ours;
  totals.latexUtensils += report.entries.latexUtensils;
  totals.bibtexTidy += report.entries.bibtexTidy;
  totals.disagreements += report.disagreements.length;
  console.log(`${file}: ours ${report.entries.ours}, latex-utensils ${report.entries.latexUtensils}, bibtex-tidy ${report.entries.bibtexTidy}, ${report.disagreements.length} disagreement(s)`);
  for (const d of report.disagreements) console.log(`  [${d.reader}] ${d.key}: ${d.what}`);
}
console.log(`\n${totals.files} files; entries: ours ${totals.ours}, latex-utensils ${totals.latexUtensils}, bibtex-tidy ${totals.bibtexTidy}; ${totals.disagreements} disagreement(s)`);
