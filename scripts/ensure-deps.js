// Runs before `npm start` and `npm test`: installs the npm packages on a fresh clone,
// so the README's two commands are all a newcomer types. Plain JS: nothing is installed yet.
//   --e2e-host   also the end-to-end host (Debian chromium, Node 24, code-server; test/e2e/setup.sh),
//                before the end-to-end tests, so that its first install shows its stages in the
//                output and is not counted against a test's time limit.
const { existsSync, statSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log('Installing npm packages (npm ci), about 1 minute…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('FAILED while installing npm packages (npm ci; its messages are above).\nTo try: check that the npm registry answers, then run again.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv.includes('--e2e-host')) {
  // setup.sh prints its stages and, on failure, the stage, the tail of its log and what to try.
  const result = spawnSync('bash', [join(root, 'test', 'e2e', 'setup.sh')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
