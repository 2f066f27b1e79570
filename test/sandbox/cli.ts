// Start the sandbox from the command line:
//   tsx test/sandbox/cli.ts [--port-base N] [--limit 429|404|alternate] [--info-file PATH]
//                           [--rate-default N] [--rate-premium N] [--rate-pro N] [--max-batch N] [--seed N]
// --port-base N: default plan on N, premium on N+1, pro on N+2, admin on N+3 (else ephemeral ports).
// --info-file PATH: the same JSON as GET /info, written once everything listens (atomically,
// so a script can poll for the file) and removed on exit.

import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { DEMO_BOOKS, PLANS, sandboxInfo, startSandbox, type LimitMode, type PlanName, type SandboxOptions } from './server';

function usage(message: string): never {
  console.error(`${message}\nusage: tsx test/sandbox/cli.ts [--port-base N] [--limit 429|404|alternate] [--info-file PATH]` +
    ` [--rate-default N] [--rate-premium N] [--rate-pro N] [--max-batch N] [--seed N]`);
  process.exit(2);
}

function parseArgs(argv: string[]): { options: SandboxOptions; infoFile?: string } {
  const options: SandboxOptions = {};
  let infoFile: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[++i];
    if (value === undefined) usage(`missing value for ${flag}`);
    const n = Number(value);
    const needNumber = () => {
      if (!Number.isFinite(n) || n < 0) usage(`${flag} needs a number, got ${value}`);
      return n;
    };
    switch (flag) {
      case '--port-base': {
        const base = needNumber();
        options.ports = { default: base, premium: base + 1, pro: base + 2 };
        options.adminPort = base + 3;
        break;
      }
      case '--limit':
        if (value !== '429' && value !== '404' && value !== 'alternate') usage(`--limit must be 429, 404 or alternate`);
        options.limitResponse = value as LimitMode;
        break;
      case '--info-file':
        infoFile = value;
        break;
      case '--rate-default':
      case '--rate-premium':
      case '--rate-pro':
        options.rates = { ...options.rates, [flag.slice('--rate-'.length) as PlanName]: needNumber() };
        break;
      case '--max-batch':
        options.maxBatch = needNumber();
        break;
      case '--seed':
        options.seed = needNumber();
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
    `  limit response: ${info.limitResponse}   max batch: ${info.maxBatch}   books: ${info.catalogueSize}`,
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
