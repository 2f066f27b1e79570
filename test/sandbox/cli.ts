// Start the sandbox from the command line: `tsx test/sandbox/cli.ts --help` lists the options.
// --info-file PATH: the same JSON as GET /info, written once everything listens (atomically,
// so a script can poll for the file) and removed on exit.

import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { keylessLines } from './keyless/banner';
import { catalogueLines } from './catalogues/banner';
import { DEMO_BOOKS, PLANS, SERVICE_MODES, sandboxInfo, startSandbox, type LimitMode, type PlanName, type SandboxOptions, type ServiceMode } from './server';

const HELP = `usage: tsx test/sandbox/cli.ts [options]   (npm run sandbox -- [options])

The book data service on 127.0.0.1: one server per plan (default, premium, pro), each with
its demo key, and an admin server (GET /info, GET /log, POST /faults, POST /mode ...).
Faults (POST /faults, see test/sandbox/types.ts) include "kind": "stray-record" and
"other-edition" (in any mode) and "retryAfter": seconds, for a 503 or 429 with Retry-After.

  --port-base N          default plan on N, premium on N+1, pro on N+2, admin on N+3,
                         then Open Library N+4, its covers N+5, archive N+6,
                         Google Books N+7, its images N+8 (else ephemeral ports)
  --info-file PATH       write the GET /info JSON there once listening; removed on exit
  --limit 429|404|alternate
                         what an over-rate request gets (default 429 {"message":"Limit Exceeded"})
  --rate-default N, --rate-premium N, --rate-pro N
                         requests per second per key, across endpoints (default 1, 3, 5)
  --max-batch N          spec mode: most ISBNs per POST /books (default 1000)
  --seed N               catalogue seed
  --mode spec|real       spec (default): only what the spec shows.
                         real: also what the real service (ISBNdb API v2) does:
                           GET /key  -> {"api_host", "plan_limit": {"total", "spent", "left"}}
                                        for the calling key, on any plan's host (404 in spec mode);
                           a daily quota per key, spent per ISBN (a batch of 100 costs 100),
                             failed requests (403, 500) included; once spent: 403
                             {"error_message":"Daily hits reached. ..."} until POST /quota/reset;
                           most ISBNs per POST /books by plan (400 over it);
                           a 500 for answers over --max-response-bytes;
                           error bodies {"error_message": ...} (401 names a missing or unknown key).
                         The rate limits and their answers are the same in both modes.
                         Admin API: POST /mode {"mode"}, /quota {"key","total","spent"?},
                         /quota/reset {"key"?} (the next day), /plan-max-batch {"plan","n"},
                         /max-response-bytes {"bytes"}; GET /info shows each key's quota.
  --quota-default N, --quota-premium N, --quota-pro N
                         real mode: daily quota of each plan's keys (default 1000, 5000, 15000)
  --plan-max-batch-default N, --plan-max-batch-premium N, --plan-max-batch-pro N
                         real mode: most ISBNs per POST /books (default 100, 1000, 1000)
  --max-response-bytes N real mode: larger answers are a 500 (default 6 MB)
  --google-keyless-quota N
                         Google Books queries a day without a key (default 1000; 0: the
                         shared pool is empty, every keyless query gets 429 RESOURCE_EXHAUSTED)
  -h, --help             this text

Keyless services (test/sandbox/keyless/): Open Library (GET /api/books?bibkeys=ISBN:a,ISBN:b
&format=json&jscmd=data, /search.json?author=, /search/authors.json?q=; a User-Agent with a
contact, else 403; 3 requests/s identified, 1/s for browsers and curl, then 429), its covers
(/b/id/<id>-S|M|L.jpg; ids from 8,000,000 redirect to the archive host; by ISBN at most 100 per
5 minutes, then 403; ?default=false: 404 for none) and Google Books (/books/v1/volumes?q=isbn:X,
the key in X-Goog-Api-Key; a daily quota, then 429). Admin API under /keyless/: GET info, log;
POST log/clear, faults, faults/clear, open-library-rates, cover-isbn-limit, google-quota
{"which":"keyless"|"key","total","spent"?}, google-quota/reset, google-rate, imports/reset.

Library catalogues (test/sandbox/catalogues/), each on its own port at the real path: K10plus
(/opac-de-627), the DNB (/sru/dnb), the BnF (/api/SRU), the Library of Congress (/sru/lcdb) over
SRU (MARC 21, UNIMARC), lobid (/resources/search?q=isbn:X&format=json); books of their own in many
languages; 1 request/s each, then 429 with Retry-After. Admin API under /catalogues/: GET info,
log; POST log/clear, faults ({"match":{"host"},"kind":"diagnostic"|"zero"|"malformed"|"drop"} or
{"status","retryAfter"} or {"delayMs"}), faults/clear, rate {"perSecond"}.
`;

function usage(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(2);
}

/** Options with a number per plan: `--rate-pro 5` sets `rates.pro`. */
const PER_PLAN_FLAGS = { '--rate-': 'rates', '--quota-': 'dailyQuota', '--plan-max-batch-': 'planMaxBatch' } as const;

function perPlanFlag(flag: string): { field: (typeof PER_PLAN_FLAGS)[keyof typeof PER_PLAN_FLAGS]; plan: PlanName } | undefined {
  for (const [prefix, field] of Object.entries(PER_PLAN_FLAGS)) {
    const plan = flag.slice(prefix.length) as PlanName;
    if (flag.startsWith(prefix) && PLANS.includes(plan)) return { field, plan };
  }
  return undefined;
}

function parseArgs(argv: string[]): { options: SandboxOptions; infoFile?: string } {
  const options: SandboxOptions = {};
  let infoFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--help' || flag === '-h') {
      console.log(HELP);
      process.exit(0);
    }
    const value = argv[++i];
    if (value === undefined) usage(`missing value for ${flag}`);
    const n = Number(value);
    const needNumber = () => {
      if (!Number.isFinite(n) || n < 0) usage(`${flag} needs a number, got ${value}`);
      return n;
    };
    const perPlan = perPlanFlag(flag);
    if (perPlan) {
      options[perPlan.field] = { ...options[perPlan.field], [perPlan.plan]: needNumber() };
      continue;
    }
    switch (flag) {
      case '--port-base': {
        const base = needNumber();
        options.ports = { default: base, premium: base + 1, pro: base + 2 };
        options.adminPort = base + 3;
        options.keyless = {
          ...options.keyless,
          ports: { openLibrary: base + 4, openLibraryCovers: base + 5, archive: base + 6, googleBooks: base + 7, googleImages: base + 8 },
        };
        break;
      }
      case '--limit':
        if (value !== '429' && value !== '404' && value !== 'alternate') usage(`--limit must be 429, 404 or alternate`);
        options.limitResponse = value as LimitMode;
        break;
      case '--info-file':
        infoFile = value;
        break;
      case '--max-batch':
        options.maxBatch = needNumber();
        break;
      case '--seed':
        options.seed = needNumber();
        break;
      case '--mode':
        if (!SERVICE_MODES.includes(value as ServiceMode)) usage('--mode must be spec or real');
        options.mode = value as ServiceMode;
        break;
      case '--google-keyless-quota':
        options.keyless = { ...options.keyless, googleKeylessQuota: needNumber() };
        break;
      case '--max-response-bytes':
        options.maxResponseBytes = needNumber();
        break;
      default:
        usage(`unknown option ${flag}`);
    }
  }
  return { options, infoFile };
}

async function main(): Promise<void> {
  const { options, infoFile } = parseArgs(process.argv.slice(2));
  const sb = await startSandbox(options);
  const info = sandboxInfo(sb);

  const lines = [
    'ISBN Lens sandbox book data service is running.',
    '',
    ...PLANS.map((p) => `  ${p.padEnd(8)} ${info.urls[p].padEnd(24)} key: ${info.keys[p]}   (${info.rates[p]} req/s)`),
    `  admin    ${info.adminUrl}   (GET /info, GET /log, POST /faults ...)`,
    '',
    `  limit response: ${info.limitResponse}   max batch: ${info.maxBatch}   books: ${info.catalogueSize}   mode: ${info.mode}`,
    ...(info.mode === 'real'
      ? [
          `  real mode: GET /key; daily quota ${PLANS.map((p) => `${p} ${info.quotas[info.keys[p]].total}`).join(', ')};` +
            ` max batch ${PLANS.map((p) => `${p} ${info.planMaxBatch[p]}`).join(', ')}; 500 over ${info.maxResponseBytes} bytes`,
        ]
      : []),
    '',
    'Keyless services (no key needed):',
    ...keylessLines(info.keyless),
    '',
    'Library catalogues (no key needed; admin under /catalogues/: info, log, faults, rate):',
    ...catalogueLines(info.catalogues),
    '',
    '  demo ISBNs:',
    ...Object.entries(DEMO_BOOKS).map(([name, isbn]) => `    ${isbn}  ${name}`),
    '',
    `  try: curl -H 'Authorization: ${info.keys.default}' ${info.urls.default}/book/${DEMO_BOOKS.cProgramming}`,
    '',
    'Press Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));

  if (infoFile) {
    const tmp = `${infoFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(info, null, 2) + '\n');
    renameSync(tmp, infoFile);
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (infoFile) rmSync(infoFile, { force: true });
    await sb.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
