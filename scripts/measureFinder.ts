// Precision and recall of the finder on any folder of documents with an
// expected.json beside them (`{ "files": { "name.csv": ["978…", …] } }`, the
// true ISBNs as ISBN-13s, listed by hand), scored as the fixture test scores
// test/fixtures/finder: read from the text alone, and with the file's name.
// Run: `npm run measure:finder -- <dir>`; without a folder, the fixture set.
import { scoreFixtures } from '../test/helpers/finderFixtures';

const dir = process.argv[2];
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
}
