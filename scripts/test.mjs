// Runs every test file under test/ with node's test runner through tsx. Node 20 does not expand
// globs for --test, so the files are listed here. Extra arguments narrow the run to matching paths.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// The folders of the longest files first: a long file that starts last keeps one worker busy
// while the other has nothing left to run.
const FIRST = ['test/e2e/', 'test/security/', 'test/web/', 'test/counterfactual/', 'test/evals/', 'test/dap/'];
const rank = (file) => {
  const found = FIRST.findIndex((folder) => file.startsWith(folder));
  return found === -1 ? FIRST.length : found;
};
const filters = process.argv.slice(2);
const files = testFiles('test')
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// The end-to-end tests drive Debian's Chromium, the durable-save test watches system calls with
// strace, and the Neovim recipe runs in Debian's Neovim; a fresh Debian machine gets what is missing
// here (as root).
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const hasStrace = spawnSync('strace', ['-V']).status === 0;
// docs/lsp.md's Neovim recipe is tested in a real Neovim.
const hasNeovim = spawnSync('nvim', ['--version']).status === 0;
// A test drives Chromium when it is an end-to-end test or imports Playwright itself.
const drivesChromium = (file) => file.includes('e2e') || readFileSync(file, 'utf8').includes("from 'playwright-core'");
const missing = [
  ...(files.some(drivesChromium) && !existsSync(chromium) ? ['chromium'] : []),
  ...(files.some((file) => file.includes('durable-save')) && !hasStrace ? ['strace'] : []),
  ...(files.some((file) => file.includes('neovim')) && !hasNeovim ? ['neovim'] : []),
];
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(
      `${missing.join(' and ')} missing: install Debian's ${missing.join(' ')} (apt-get install ${missing.join(' ')})`,
    );
    process.exit(1);
  }
  console.error(`${missing.join(' and ')} missing: installing Debian's ${missing.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', ...missing]]) {
    const apt = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (apt.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

// No test reads or writes the user's own settings (the trust file): a fresh, empty folder stands in.
const userConfig = mkdtempSync(join(tmpdir(), 'brainbench-test-config-'));
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], {
  stdio: 'inherit',
  env: { ...process.env, BRAINBENCH_CONFIG_DIR: userConfig },
});
rmSync(userConfig, { recursive: true, force: true });
process.exit(run.status ?? 1);
