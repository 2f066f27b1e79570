// Precision and recall of the finder on any folder of documents with an
// expected.json beside them (`{ "files": { "name.csv": ["978…", …] } }`, the
// true ISBNs as ISBN-13s, listed by hand), scored as the fixture test scores
// test/fixtures/finder: read from the text alone, and with the file's name.
// Run: `npm run measure:finder -- <dir>`; without a folder, the fixture set.
// `--why`: also, for each document, every ISBN found and every ISBN-shaped number
// ruled out, with the rule that decided (src/core/isbn/rules/, docs/finder-rules.md).
import { explainIsbns } from '../src/core/isbn/find';
import { documentShape } from '../src/core/documentKind/documentKind';
import { fixtureFiles, scoreFixtures } from '../test/helpers/finderFixtures';

const args = process.argv.slice(2);
const why = args.includes('--why');
const dir = args.find((a) => !a.startsWith('--'));
for (const withName of [false, true]) {
  const { files, precision, recall, occurrenceRecall } = scoreFixtures(withName, dir);
  console.log(withName ? '\nwith the file name:' : 'from the text alone:');
  for (const f of files) {
    const extra = f.falsePositives.length > 0 ? ` false positives ${f.falsePositives.join(' ')}` : '';
    const missed = f.missed.length > 0 ? ` missed ${f.missed.join(' ')}` : '';
    const places = f.foundPlaces < f.places ? ` places ${f.foundPlaces} of ${f.places}` : '';
    if (extra || missed || places) console.log(`  ${f.file}: ${f.truePositives} found${extra}${missed}${places}`);
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(`  ${files.length} documents: precision ${pct(precision)}, recall ${pct(recall)}, occurrence recall ${pct(occurrenceRecall)}`);
  if (why) explain(withName);
}

/** Each document's decisions: `found` or `out`, the number as written and where, and the rule that decided. */
function explain(withName: boolean): void {
  for (const { file, text } of fixtureFiles(dir)) {
    const decisions = explainIsbns(text, withName ? { shape: documentShape({ fileName: file }, text) } : {});
    if (decisions.length === 0) continue;
    console.log(`  ${file}:`);
    for (const d of decisions) {
      const what = d.found ? `found ${d.isbn13}` : 'out  ';
      const form = [`${d.form.digits.length} digits`, d.form.groups > 1 ? `${d.form.groups} groups` : '', ...d.form.readings].filter((x) => x !== '').join(', ');
      console.log(`    ${what} ${JSON.stringify(d.raw)} at ${d.start} (${form}): ${d.rule.id}${d.rule.short ? ` (${d.rule.short})` : ''}`);
    }
  }
}
