import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

let parent: string | undefined;

/** One directory per test process, removed when the process exits. */
function fixturesParent(): string {
  if (parent === undefined) {
    const created = mkdtempSync(join(tmpdir(), 'brainbench-config-'));
    process.on('exit', () => rmSync(created, { recursive: true, force: true }));
    parent = created;
  }
  return parent;
}

/** A fresh temporary directory holding `files` (relative path -> contents). */
export function fixtureDir(files: Record<string, string>): string {
  const root = mkdtempSync(join(fixturesParent(), 'fixture-'));
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return root;
}
