// A small eval for line counts over trials (docs/debugging.md#which-lines-ran): a Rhai brain whose
// loop only the "long" case enters and whose last branch no case takes, two cases by two trials,
// run by the real `brainbench eval run` into `lines.results.jsonl` and its recordings folder.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BRAINBENCH = join(import.meta.dirname, '../../bin/brainbench.mjs');

export const BRAIN = `let mode = omw::host::memory_get("mode");
let total = 0;
if mode == "long" {
    for i in 0..3 {
        total += i;
    }
}
if total > 100 {
    total = 0;
}
exit(\`\${total}\`);
`;

/** By hand, line → times entered: each trial runs the brain once; the loop body turns 3 times in a "long" trial. */
export const HAND_COUNTS = {
  short: [
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 0],
    [5, 0],
    [8, 2],
    [9, 0],
    [11, 2],
  ],
  long: [
    [1, 2],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 6],
    [8, 2],
    [9, 0],
    [11, 2],
  ],
  all: [
    [1, 4],
    [2, 4],
    [3, 4],
    [4, 2],
    [5, 6],
    [8, 4],
    [9, 0],
    [11, 4],
  ],
} as const satisfies Record<string, [number, number][]>;

const CONFIG = `[runtime.r]
kind = "rhai"

[agents.a]
runtime = "r"
script = "brain.rhai"

[memory.a]
mode = "short"
`;

const EVAL = `config = "omw.toml"
dataset = "cases.jsonl"
trials = 2

[input.memory.a]
mode = "{{input.mode}}"

[end]
agent = "a"

[[scorers]]
kind = "equals"
`;

const CASES = [
  { id: 'short', input: { mode: 'short' }, expected: '0' },
  { id: 'long', input: { mode: 'long' }, expected: '3' },
];

/** A workspace folder with the brain, its config, the eval and its results (`lines.results.jsonl`). */
export function lineCountsWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-eval-lines-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'brain.rhai'), BRAIN);
  writeFileSync(join(dir, 'lines.eval.toml'), EVAL);
  writeFileSync(join(dir, 'cases.jsonl'), CASES.map((c) => JSON.stringify(c)).join('\n') + '\n');
  execFileSync(process.execPath, [BRAINBENCH, 'eval', 'run', 'lines.eval.toml', '--out', 'lines.results.jsonl'], {
    cwd: dir,
    stdio: 'pipe',
  });
  return dir;
}
