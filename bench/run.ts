/** `npm run bench`: every figure the issues ask for, in one run. */
import { benchActivation } from './activation';
import { benchAnnotate } from './annotate';
import { benchBatchMatching } from './batchMatching';
import { benchBibtex } from './bibtex';
import { benchCheck } from './check';
import { benchCitation } from './citation';
import { benchCitationBrowser } from './citationBrowser';
import { benchCiteKeyPattern } from './citeKeyPattern';
import { benchKeyless } from './keyless';
import { benchCatalogues } from './catalogues';
import { benchLoad } from './load';
import { benchNetwork, benchRealServicePlan } from './network';
import { benchOutage } from './outage';
import { benchScan } from './scan';

type Figures = Record<string, number | string> | Array<Record<string, number | string>>;

const SECTIONS: [string, () => Promise<Figures>][] = [
  ['(a) Scan throughput: findIsbns vs one bare regex pass and vs isbnlib, on three 10 MB corpora (mixed, dense lists, notes)', benchScan],
  ['(b) Network: 1,000 unique ISBNs, default plan (1 request/s), batch 100, against the sandbox', () => benchNetwork()],
  ['(c) Annotate: 2,000-entry BibTeX file with cached look-ups; one keystroke in a 10,000-line file', benchAnnotate],
  ['(d) Load: 10,000 unique ISBNs, pro plan (5 requests/s), batch 100; then cancel after 2 s', () => benchLoad()],
  ['(f) Real service: a 2,500-ISBN file, pro plan (5 requests/s) at its batch maximum 1,000 (ideal ⌈2,500 ÷ 1,000⌉ = 3 requests)', () => benchRealServicePlan('pro')],
  ['(g) Real service: the same file, default plan (1 request/s) at its batch maximum 100 (ideal 25 requests)', () => benchRealServicePlan('default')],
  ['(i) Cite-key pattern check: n `[[` then `x]` (a workspace can set isbnLens.citeKey.pattern), against one bare regex pass', benchCiteKeyPattern],
  ['(h) BibTeX library (issue 23): a generated Zotero/Better BibTeX export of 10,000 and 50,000 entries; first read vs one bare regex pass, memory, an edit, the longest hold of the host', benchBibtex],
  ['(j) Batch matching (issue 24): a 1,000-ISBN batch answered with 20,000 and 100,000 unrelated records, against one JSON.parse of the answer', benchBatchMatching],
  ['(k) Keyless sources (issue 21): 1,000 distinct ISBNs with no key (Open Library ≤ ⌈1,000 ÷ 25⌉ requests at ≤ 3/s, Google only for what it lacks); a cold hover against the hover\'s wait', () => benchKeyless()],
  ['(m) Library catalogues (issue 37): Look Up All over ISBNs of mixed groups with no key (each catalogue ≤ 1/s, one at a time, only its groups); cold hovers against the hover\'s wait', () => benchCatalogues()],
  ['(l) One source down (issue 33): a hover\'s time to the first book against the hover\'s wait, with a key (the book service answers) and without (Google answers); Annotate on 41 ISBNs against the keyless timeout; what the dead hosts got', benchOutage],
  ['(m) Check Bibliography (issue 35): precision and recall of other-book (and the other codes) on the hand-labelled fixtures, the held-out file apart; the comparing time per 1,000 entries; the longest hold of the host on 50,000 entries', benchCheck],
  ['(n) Citation engine (issue 38): the longest hold of the host while a style\'s engine is built, in the host\'s thread (before) and in the Node host\'s worker (now), against 50 ms plus an idle host\'s longest timer lateness in the same run', benchCitation],
  ['(o) Citation engine in the browser build (issue 38): how long building a style\'s engine holds a web worker (headless Chromium, the code inlined as dist/web/extension.js inlines it), against the hover\'s wait (before), and in a Worker nested in it (now) against 50 ms; whether a nested blob Worker starts there', benchCitationBrowser],
  ['(e) Activation: bundle sizes (the browser entry too); load + activate() in fresh Node processes against a do-nothing vscode', benchActivation],
];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  for (const [title, run] of SECTIONS) {
    if (only.length > 0 && !only.some((o) => title.startsWith(`(${o})`))) continue;
    console.log(`\n${title}`);
    console.table(await run());
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
