// A clean install on the Node and npm the README promises prints no warnings: no dependency
// declares a newer Node (EBADENGINE), and every install script is approved or denied in
// package.json's allowScripts. npm itself judges the lockfile, offline and without installing.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

test('npm ci prints no warnings for this package.json and package-lock.json', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-install-'));
  try {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts?: unknown };
    // The project's own `prepare` (the build) is not what is checked here, and a dry run runs it.
    delete manifest.scripts;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(dir, 'package-lock.json'), readFileSync('package-lock.json'));
    const npm = spawnSync('npm', ['ci', '--dry-run', '--offline', '--cache', join(dir, 'cache')], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(npm.status, 0, npm.stderr);
    const warnings = `${npm.stdout}\n${npm.stderr}`.split('\n').filter((line) => line.startsWith('npm warn'));
    assert.deepEqual(warnings, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
