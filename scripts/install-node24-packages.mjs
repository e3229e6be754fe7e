// Second pass of `npm install`, on the Node the project pins (24, the `node` package, first on
// every npm script's path). npm checks a package's `engines` against the Node that runs npm
// itself; on a machine whose Node is older, the packages that need a newer one (listed as
// optional for this reason) are skipped without a word, and installed here.
import { spawnSync } from 'node:child_process';

if (!process.env.BRAINBENCH_SECOND_PASS && process.env.npm_execpath) {
  const pass = spawnSync(
    process.execPath,
    [process.env.npm_execpath, 'install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'],
    {
      stdio: 'inherit',
      env: { ...process.env, BRAINBENCH_SECOND_PASS: '1' },
    },
  );
  process.exit(pass.status ?? 1);
}
