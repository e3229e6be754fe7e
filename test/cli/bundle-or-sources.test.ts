// bin/brainbench.mjs runs the bundle the build writes, or the sources through tsx when the bundle
// is missing or older than a source (a checkout edited since its last build): never stale code.
// Run on a copy of the command in a folder of stand-ins that say which of the two ran.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';

const REPO = join(import.meta.dirname, '../..');
let root: string;

function ran(): string {
  return execFileSync(process.execPath, [join(root, 'bin/brainbench.mjs')], { encoding: 'utf8' }).trim();
}

function age(path: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, when, when);
}

before(() => {
  root = mkdtempSync(join(tmpdir(), 'brainbench-bin-'));
  for (const dir of ['bin', 'dist/cli', 'main/cli', 'contract']) mkdirSync(join(root, dir), { recursive: true });
  copyFileSync(join(REPO, 'bin/brainbench.mjs'), join(root, 'bin/brainbench.mjs'));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'main/cli/main.ts'), "const said: string = 'sources';\nconsole.log(said);\n");
  writeFileSync(join(root, 'contract/view.ts'), 'export {};\n');
});
after(() => rmSync(root, { recursive: true, force: true }));

it('runs the sources while there is no bundle', () => {
  assert.equal(ran(), 'sources');
});

it('runs the bundle when it is newer than every source', () => {
  writeFileSync(join(root, 'dist/cli/brainbench.mjs'), "console.log('bundle');\n");
  age(join(root, 'main/cli/main.ts'), 60);
  age(join(root, 'contract/view.ts'), 60);
  assert.equal(ran(), 'bundle');
});

it('runs the sources again once one of them, in main/ or contract/, is newer than the bundle', () => {
  age(join(root, 'dist/cli/brainbench.mjs'), 30);
  age(join(root, 'main/cli/main.ts'), 60);
  writeFileSync(join(root, 'contract/view.ts'), 'export {};\n');
  assert.equal(ran(), 'sources');
  age(join(root, 'contract/view.ts'), 60);
  writeFileSync(join(root, 'main/cli/main.ts'), "const said: string = 'sources';\nconsole.log(said);\n");
  assert.equal(ran(), 'sources');
});
