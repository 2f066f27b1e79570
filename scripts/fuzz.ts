/**
 * `npm run fuzz`: a million generated documents through the ISBN finder. Half have ISBNs
 * planted in every notation among look-alikes, half are odd text; every result is checked
 * against the plan and against isbn3. Prints crashes and disagreements (target: 0 and 0).
 */
import fc from 'fast-check';
import { disagreements, oddText, plantedDocument } from '../test/helpers/plantedDocuments';

const runs = Number(process.argv[2] ?? 1_000_000);
// Printed, so that a disagreement can be run again: FUZZ_SEED=<seed> npm run fuzz.
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
let crashes = 0;
let disagreeing = 0;
const examples: string[] = [];
const began = performance.now();

const input = fc.oneof(plantedDocument, oddText.map((text) => ({ text, expected: undefined })));
fc.assert(
  fc.property(input, ({ text, expected }) => {
    try {
      const problems = disagreements(text, expected);
      if (problems.length > 0) {
        disagreeing++;
        if (examples.length < 5) examples.push(problems[0]!);
      }
    } catch (e) {
      crashes++;
      if (examples.length < 5) examples.push(`crash on ${JSON.stringify(text)}: ${(e as Error).message}`);
    }
    return true;
  }),
  { numRuns: runs, seed },
);

const seconds = (performance.now() - began) / 1000;
console.table({ seed, inputs: runs, crashes, disagreements: disagreeing, seconds: Math.round(seconds), 'inputs per second': Math.round(runs / seconds) });
for (const example of examples) console.log(`- ${example}`);
process.exit(crashes + disagreeing > 0 ? 1 : 0);
