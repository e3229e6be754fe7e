#!/usr/bin/env node
// The `brainbench` command: the bundle `npm run build` writes (dist/cli), which starts in about
// half the time the TypeScript sources take through tsx; the sources themselves when the bundle is
// missing or older than one of them (the checkout changed since its last build), so that a command
// never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'cli', 'brainbench.mjs');

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const bundleIsCurrent =
  existsSync(bundle) &&
  statSync(bundle).mtimeMs >= Math.max(newestChange(join(root, 'main')), newestChange(join(root, 'contract')));

if (bundleIsCurrent) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../main/cli/main.ts');
}
