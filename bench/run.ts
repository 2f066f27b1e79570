/** `npm run bench`: every figure the issues ask for, in one run. */
import { benchNetwork } from './network';
import { benchScan } from './scan';

async function main(): Promise<void> {
  console.log('\n(a) Scan throughput: findIsbns vs one bare regex pass over a 10 MB mixed corpus');
  console.table(await benchScan());
  console.log('\n(b) Network: 1,000 unique ISBNs, default plan (1 request/s), batch 100, against the sandbox');
  console.table(await benchNetwork());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
