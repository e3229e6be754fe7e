import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { coverageLine, LineCoverageMap } from '../debugger/line-coverage-map.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import type { ConfigFormat } from '../config/config-format.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { discover, type DiscoveredTest } from '../testing/discover-tests.ts';
import { formatResult, formatTally } from '../testing/format-result.ts';
import type { TestResult } from '../testing/run-test.ts';
import { jobsFor, runTests } from '../testing/run-tests.ts';
import { formatTiming } from '../testing/test-overhead.ts';
import { shardTests, type Shard } from '../testing/shard-tests.ts';
import { dumpDocument, formatDump } from '../testing/test-dump.ts';
import { watchTests } from '../testing/watch-tests.ts';
import { CommandError } from './command-error.ts';
import type { Log } from './log-format.ts';
import { traceLogEntry } from './trace-log-entry.ts';
import { UsageError } from './usage-error.ts';

export interface TestCommandOptions {
  /** A test file, a folder to search, or `-` / `/dev/stdin` for one config on standard input. */
  path: string;
  include: string[];
  exclude: string[];
  all: boolean;
  jobs: number;
  /** Warm agent processes per runtime kind; 0 starts every agent cold. */
  spares?: number;
  /** The format of a config read from standard input. */
  format?: ConfigFormat;
  /** Where to write the dump of every test that ran. */
  dump?: string;
  dumpFormat: ConfigFormat;
  watch: boolean;
  /** Run only this slice of the tests. */
  shard?: Shard;
  /** Where logs go, in the `--log-format` asked for. */
  log: Log;
  /** Count brain lines, and write them as LCOV to this file (docs/debugging.md#which-lines-ran). */
  coverage?: string;
}

const STDIN_PATHS = new Set(['-', '/dev/stdin']);

/** `brainbench test [PATH]`: omw-test's runner. Returns the exit code (watching, it never returns). */
export async function testCommand(options: TestCommandOptions): Promise<number> {
  const { log } = options;
  const fromStdin = STDIN_PATHS.has(options.path);
  if (fromStdin && options.watch) throw new UsageError('--watch needs test files: it cannot watch standard input');
  if (fromStdin && !options.format) throw new UsageError('a config on standard input needs --format toml|yaml|json');
  if (fromStdin && options.shard) throw new UsageError('--shard needs test files: standard input is one test');
  if (options.shard && options.watch) throw new UsageError('--shard and --watch cannot be combined');
  const root = fromStdin ? process.cwd() : resolve(options.path);
  if (!fromStdin && !existsSync(root)) throw new CommandError(`no such test file or folder: ${root}`);
  const filters = { include: options.include, exclude: options.exclude };
  const stdinTest = [{ file: resolve(root, '<stdin>'), label: '-' }];
  const { found, selected } = fromStdin ? { found: stdinTest, selected: stdinTest } : discover(root, filters);
  const tests = options.shard ? shardTests(selected, options.shard) : selected;
  const source = fromStdin ? { text: readFileSync(0, 'utf8'), format: options.format! } : undefined;

  const run = async (batch: readonly DiscoveredTest[]): Promise<{ test: DiscoveredTest; result: TestResult }[]> => {
    const runs: { test: DiscoveredTest; result: TestResult }[] = [];
    const started = performance.now();
    const results = await runTests(batch, {
      spawner: forkSpawner,
      entry: agentEntry(),
      root,
      jobs: options.jobs,
      ...(options.spares !== undefined ? { spares: options.spares } : {}),
      all: options.all || options.watch,
      snapshot: options.dump !== undefined,
      coverage: options.coverage !== undefined,
      ...(source ? { source } : {}),
      onResult: (test, result) => {
        runs.push({ test, result });
        if (!result.pass) logTrace(test.label, result, log);
        console.log(formatResult(test.label, result));
      },
    });
    console.log(formatTally(results, batch.length - results.length));
    // On stderr: stdout keeps omw-test's results and tally alone.
    const timing = formatTiming(results, performance.now() - started, Math.min(jobsFor(options.jobs), batch.length));
    log({ severity: 'info', text: timing, fields: { tests: results.length } });
    if (options.dump !== undefined) writeDump(options.dump, options.dumpFormat, runs);
    if (options.coverage !== undefined) writeCoverage(options.coverage, root, results, log);
    return runs;
  };

  if (options.shard) {
    const { index, total } = options.shard;
    const text = `shard ${index}/${total}: ${tests.length} of ${selected.length} test${selected.length === 1 ? '' : 's'}`;
    log({ severity: 'info', text, fields: { shard: `${index}/${total}`, tests: tests.length, of: selected.length } });
  }
  if (tests.length === 0) {
    const why = nothingToRun(root, found.length, selected.length, options);
    log({ severity: why.fails ? 'error' : 'warn', text: why.text, fields: { path: root } });
    if (options.dump !== undefined) writeDump(options.dump, options.dumpFormat, []);
    if (!options.watch) return why.fails ? 1 : 0;
  }
  const runs = tests.length > 0 ? await run(tests) : [];
  if (options.watch) {
    watchTests(root, filters, runs, run, (text) => log({ severity: 'info', text }));
    return new Promise<number>(() => {});
  }
  return runs.every(({ result }) => result.pass) && runs.length === tests.length ? 0 : 1;
}

/**
 * Why no test runs. An empty shard is not a failure: the tests went to the other shards (a CI
 * matrix can have more machines than tests). Anything else is one.
 */
function nothingToRun(
  root: string,
  found: number,
  selected: number,
  options: TestCommandOptions,
): { text: string; fails: boolean } {
  if (found === 0) return { text: `no omw.test.* files under ${root}`, fails: true };
  const files = `${found} test file${found === 1 ? '' : 's'} under ${root}`;
  if (selected === 0) {
    const flags = [
      ...options.include.map((glob) => `--include ${glob}`),
      ...options.exclude.map((glob) => `--exclude ${glob}`),
    ];
    return { text: `${flags.join(' ')} leaves none of the ${files}`, fails: true };
  }
  const { index, total } = options.shard!;
  const tests = `${selected} test${selected === 1 ? '' : 's'}`;
  return { text: `shard ${index}/${total} has no tests: ${tests} over ${total} shards`, fails: false };
}

/** A failed test's logs and iteration ends go to stderr, each led by the test's label. */
function logTrace(label: string, result: TestResult, log: Log): void {
  const options = { everything: false, brainOf: (agent: string) => result.brains[agent] };
  for (const event of result.trace) {
    const entry = traceLogEntry(event, options);
    if (entry) log({ ...entry, text: `${label} ${entry.text}`, fields: { test: label, ...entry.fields } });
  }
}

/** The tests' line counts as LCOV, and one line per brain on stderr: how much ran, what never did. */
function writeCoverage(path: string, root: string, results: readonly TestResult[], log: Log): void {
  const coverage = new LineCoverageMap();
  for (const result of results) if (result.coverage) coverage.add(result.coverage);
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, coverage.lcov());
  const base = statSync(root).isDirectory() ? root : dirname(root);
  for (const brain of coverage.summary()) {
    const name = relative(base, brain.file);
    log({ severity: 'info', text: `coverage: ${coverageLine(brain, name)}`, fields: { brain: name } });
  }
  log({ severity: 'info', text: `coverage: LCOV written to ${file}`, fields: { path: file } });
}

function writeDump(path: string, format: ConfigFormat, runs: Parameters<typeof dumpDocument>[0]): void {
  writeFileSync(path, formatDump(dumpDocument(runs), format));
}
