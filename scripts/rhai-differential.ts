// Runs the differential corpus (test/rhai/native/corpus/) through Brainbench's Rhai and through
// upstream's native engine, and compares what each printed, its result and its error kinds.
//
//   RHAI_NATIVE=../shared/tools/rhai-native/rhai-run node --import tsx scripts/rhai-differential.ts [filter...] [--notes]
//
// A tool run by hand, never by `npm test`: without RHAI_NATIVE it compares nothing and exits 2.
// Filters keep the scripts whose name contains one of them; `--notes` also lists scripts that
// agree but place their error elsewhere or word it differently.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCorpus, type CorpusScript } from '../test/rhai/native/corpus.ts';
import { brainbenchOutcome, nativeErrorKinds, type ErrorKinds, type Outcome } from '../test/rhai/native/outcome.ts';

const NATIVE_TIMEOUT_MS = 30_000;

function nativeBinary(): string {
  const path = process.env.RHAI_NATIVE;
  if (!path) {
    console.error('RHAI_NATIVE is not set: nothing compared (point it at the native rhai-run binary)');
    process.exit(2);
  }
  try {
    accessSync(path, constants.X_OK);
  } catch {
    console.error(`RHAI_NATIVE=${path}: not an executable file`);
    process.exit(2);
  }
  return resolve(path);
}

function nativeOutcome(binary: string, dir: string, script: CorpusScript, index: number): Outcome {
  const file = join(dir, `${index}.rhai`);
  writeFileSync(file, script.source);
  const run = spawnSync(binary, [file], { encoding: 'utf8', timeout: NATIVE_TIMEOUT_MS });
  if (run.error || run.signal)
    throw new Error(`${script.name}: native run failed: ${run.error?.message ?? run.signal}`);
  if (run.status === 0) return { stdout: run.stdout };
  return { stdout: run.stdout, error: nativeErrorKinds(run.stderr, file) };
}

const describeError = (e: ErrorKinds | undefined): string =>
  e === undefined
    ? 'no error'
    : `${e.kind}${e.kind === e.root ? '' : ` > ${e.root}`}${e.parse ? ` (${e.parse})` : ''}: ${e.message}`;

/** Where the two outcomes differ in value, output or error kind; empty when they agree. */
function differences(native: Outcome, ours: Outcome): string[] {
  const found: string[] = [];
  if (native.stdout !== ours.stdout)
    found.push(`output\n    native: ${JSON.stringify(native.stdout)}\n    ours:   ${JSON.stringify(ours.stdout)}`);
  const [n, o] = [native.error, ours.error];
  if (n?.kind !== o?.kind || n?.root !== o?.root || n?.parse !== o?.parse)
    found.push(`error\n    native: ${describeError(n)}\n    ours:   ${describeError(o)}`);
  return found;
}

/** Differences that do not count against agreement: where an error is reported, its wording. */
function notes(native: Outcome, ours: Outcome): string[] {
  const [n, o] = [native.error, ours.error];
  if (!n || !o) return [];
  const found: string[] = [];
  if (n.at !== o.at) found.push(`position: native ${n.at ?? 'none'}, ours ${o.at ?? 'none'}`);
  if (n.message !== o.message)
    found.push(`message: native ${JSON.stringify(n.message)}, ours ${JSON.stringify(o.message)}`);
  return found;
}

function main(): void {
  const binary = nativeBinary();
  const args = process.argv.slice(2);
  const showNotes = args.includes('--notes');
  const filters = args.filter((a) => !a.startsWith('--'));
  const corpus = loadCorpus().filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f)));
  const dir = mkdtempSync(join(tmpdir(), 'rhai-differential-'));
  let agreeing = 0;
  let noted = 0;
  try {
    corpus.forEach((script, index) => {
      const native = nativeOutcome(binary, dir, script, index);
      const ours = brainbenchOutcome(script.source);
      const found = differences(native, ours);
      if (found.length === 0) agreeing++;
      else console.log(`DIFFERS ${script.name}\n  ${found.join('\n  ')}`);
      const minor = notes(native, ours);
      if (minor.length > 0) noted++;
      if (showNotes && minor.length > 0) console.log(`note    ${script.name}\n  ${minor.join('\n  ')}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const percent = corpus.length === 0 ? 0 : (100 * agreeing) / corpus.length;
  console.log(`agreement: ${agreeing} of ${corpus.length} (${percent.toFixed(1)}%)`);
  console.log(`errors placed or worded differently (not counted): ${noted}${showNotes ? '' : ' (--notes lists them)'}`);
  process.exit(agreeing === corpus.length ? 0 : 1);
}

main();
