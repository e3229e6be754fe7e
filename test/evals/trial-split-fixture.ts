// A small eval whose trials split (docs/evals.md, For the workbench: Where do the trials split?):
// a JS assistant asks a mock model whose answer is scripted per trial ("roll 1", "roll 2", …, the
// `{{trial}}` template), and what it does next depends on the case's mode. Run by the real
// `brainbench eval run` into `split.results.jsonl` and its recordings folder, 3 trials a case:
//
// - flaky: an even roll makes it unsure: it notes that in its memory and answers "Sydney"
//   (trial 2 fails), else "Canberra": the trials split at the memory-set, after the chat's answers differed;
// - echo: it answers with the model's words: the same calls, other answers and endings (trial 1 passes);
// - steady: it asks, then answers "Canberra" whatever the roll: the same calls, other answers;
// - quiet: it answers without asking: the trials are identical;
// - single: one trial only;
// - gone: as flaky; the test removes a recording.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { BRAINBENCH } from './line-counts-fixture.ts';

export const RESULTS = 'split.results.jsonl';
export const RECORDINGS = `${RESULTS}.recordings`;

const CONFIG = `[runtime.js]
kind = "js"

[agents.assistant]
runtime = "js"
script = "assistant.js"

[providers.llm]
kind = "mock"
turns = [ { content = "roll {{trial}}" } ]
`;

const BRAIN = `const question = omw.host.memoryGet('question');
const mode = omw.host.memoryGet('mode');
let answer = 'Canberra';
if (mode !== 'quiet') {
  const reply = omw.provider.get('llm').chat('mock', [{ role: 'user', content: question }], []);
  const roll = Number(reply.content.split(' ')[1]);
  if (mode === 'echo') answer = reply.content;
  else if (mode === 'flaky' && roll % 2 === 0) {
    omw.host.memorySet('unsure', reply.content);
    answer = 'Sydney';
  }
}
answer;
`;

const EVAL = `config = "omw.toml"
dataset = "cases.jsonl"
trials = 3

[input.memory.assistant]
question = "{{input.question}}"
mode = "{{input.mode}}"

[end]
agent = "assistant"

[[scorers]]
kind = "equals"
`;

const question = 'What is the capital of Australia?';
const CASES = [
  { id: 'flaky', input: { question, mode: 'flaky' }, expected: 'Canberra' },
  { id: 'echo', input: { question, mode: 'echo' }, expected: 'roll 1' },
  { id: 'steady', input: { question, mode: 'steady' }, expected: 'Canberra' },
  { id: 'quiet', input: { question, mode: 'quiet' }, expected: 'Canberra' },
  { id: 'single', input: { question, mode: 'flaky' }, expected: 'Canberra', trials: 1 },
  { id: 'gone', input: { question, mode: 'flaky' }, expected: 'Canberra' },
];

/** A workspace folder with the assistant, its config, the eval and its results (`split.results.jsonl`). */
export function trialSplitWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-trial-split-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'assistant.js'), BRAIN);
  writeFileSync(join(dir, 'split.eval.toml'), EVAL);
  writeFileSync(join(dir, 'cases.jsonl'), CASES.map((c) => JSON.stringify(c)).join('\n') + '\n');
  execFileSync(process.execPath, [BRAINBENCH, 'eval', 'run', 'split.eval.toml', '--out', RESULTS], {
    cwd: dir,
    stdio: 'pipe',
  });
  return dir;
}
