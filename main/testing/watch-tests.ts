// omw-test's `--watch` (omw-compat 14.1): after the first run, re-run only the tests whose config,
// inherited base config or brain changed, plus tests that appear. Editors that save through a
// temporary file and a rename are seen too, because folders are watched rather than files.

import { existsSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { BASE_FILE, discoverTests, type DiscoveredTest, type DiscoveryFilters } from './discover-tests.ts';
import type { TestResult } from './run-test.ts';

/** Changes closer together than this are one change (an editor's save touches several files). */
const SETTLE_MS = 150;

type Run = (tests: readonly DiscoveredTest[]) => Promise<{ test: DiscoveredTest; result: TestResult }[]>;

/**
 * Watches until the process ends; `run` re-runs a batch and reports it, `announce` says what the
 * watcher does (in the command's log format).
 */
export function watchTests(
  root: string,
  filters: DiscoveryFilters,
  firstRuns: readonly { test: DiscoveredTest; result: TestResult }[],
  run: Run,
  announce: (text: string) => void,
): void {
  const inputsByTest = new Map<string, { test: DiscoveredTest; inputs: Set<string> }>();
  const remember = (runs: readonly { test: DiscoveredTest; result: TestResult }[]) => {
    for (const { test, result } of runs) {
      inputsByTest.set(test.file, { test, inputs: new Set([test.file, ...result.inputs].map((p) => resolve(p))) });
    }
  };
  remember(firstRuns);
  const watchers = new Map<string, FSWatcher>();
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const onChange = (dir: string) => (_event: string, name: string | Buffer | null) => {
    if (!name) return;
    changed.add(resolve(dir, name.toString()));
    clearTimeout(timer);
    timer = setTimeout(() => void (running = running.then(rerun)), SETTLE_MS);
  };
  const watchFolder = (dir: string, recursive: boolean) => {
    if (watchers.has(dir) || !existsSync(dir)) return;
    watchers.set(dir, watch(dir, { recursive }, onChange(dir)));
  };
  // Every input's folder is watched on its own as well: the root's recursive watch reaches its
  // subfolders only some time after it starts (Node builds it folder by folder on Linux), and
  // brains and bases outside the root are not under it at all.
  const watchInputs = () => {
    for (const { inputs } of inputsByTest.values()) {
      for (const input of inputs) watchFolder(dirname(input), false);
    }
  };
  watchFolder(root, true);
  watchInputs();
  announce(`watching ${root} for changes (Ctrl+C to stop)`);

  async function rerun(): Promise<void> {
    const paths = [...changed];
    changed.clear();
    const known = new Set(inputsByTest.keys());
    const found = discoverTests(root, filters);
    const fresh = found.filter((test) => !known.has(test.file));
    // A base config that did not exist before is nobody's input yet: it affects the tests below it.
    const bases = paths.filter((p) => BASE_FILE.test(basename(p))).map((p) => dirname(p));
    const affected = [...inputsByTest.values()]
      .filter(({ test }) => existsSync(test.file))
      .filter(({ test, inputs }) => paths.some((p) => inputs.has(p)) || bases.some((dir) => isInside(dir, test.file)))
      .map(({ test }) => test);
    for (const file of known) if (!existsSync(file)) inputsByTest.delete(file);
    const batch = [...affected, ...fresh].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
    if (batch.length === 0) return;
    const what = paths.map((p) => relative(root, p) || p).join(', ');
    announce(`changed: ${what}; running ${batch.length} test${batch.length === 1 ? '' : 's'}`);
    remember(await run(batch));
    watchInputs();
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
