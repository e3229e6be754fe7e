// Runs every test file under test/ with node's test runner through tsx. Node 20 does not expand
// globs for --test, so the files are listed here. Extra arguments narrow the run to matching paths.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const filters = process.argv.slice(2);
const files = testFiles('test')
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The end-to-end tests drive Debian's Chromium; a fresh Debian machine gets it here (as root).
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
if (files.some((file) => file.includes(`e2e`)) && !existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`${chromium} is missing: install Debian's chromium (apt-get install chromium) or set CHROMIUM`);
    process.exit(1);
  }
  console.error(`${chromium} is missing: installing Debian's chromium…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const apt = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (apt.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
