// `brainbench diff A B C…`: k trials of one case, each recorded by `brainbench run --record`
// against a real local OpenAI-compatible server whose answers a seed draws, aligned call by call.
// The trials agree until the call after the model's answer, split there into the groups that made
// each call, and the answer that made them differ is named. Hostile: a file that is not a
// recording is refused in a line.

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SplitView } from '../../contract/counterfactual-views.ts';
import { seededRandom } from '../../main/counterfactual/seeded-order.ts';
import { chunk, startChatCompletionsServer, type ScriptedReply } from '../providers/chat-completions-server.ts';
import { brainbench } from './brainbench-cli.ts';

const BRAIN = `
const calc = omw.tooling.get('calc');
const answer = omw.provider.get('llm').chat('m', [{ role: 'user', content: 'sunny or rainy?' }], []);
omw.host.memorySet('weather', answer.content);
const advice = answer.content === 'sunny' ? calc.callToolBlocking('add', { a: 1, b: 1 }) : omw.host.memoryGet('weather');
'done';
`;

/** The server's answers to `trials` requests, drawn from `seed`. */
function seededAnswers(seed: number, trials: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: trials }, () => (random() < 0.5 ? 'sunny' : 'rainy'));
}

const reply = (answers: readonly string[]): ScriptedReply => {
  const [first, ...rest] = answers;
  return {
    events: [chunk({ content: first }, 'stop')],
    ...(rest.length > 0 ? { then: reply(rest) } : {}),
  };
};

test('k trials from a seeded local model server are aligned at the call they split on, with the answer that split them', async () => {
  const answers = seededAnswers(5, 4);
  assert.ok(answers.includes('sunny') && answers.includes('rainy'), `seed 5 draws both: ${answers.join(', ')}`);
  const server = await startChatCompletionsServer({ m: reply(answers) });
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-split-'));
  try {
    writeFileSync(
      join(dir, 'omw.toml'),
      `[runtime.js]\nkind = "js"\n[agents.alice]\nruntime = "js"\nscript = "alice.js"\n` +
        `[providers.llm]\nkind = "openai"\nbase_url = "${server.origin}/v1"\napi_key = "k"\nmax_retries = 0\n` +
        `[tooling.calc]\nkind = "mock"\ntools = [ { name = "add", input_schema = { type = "object" } } ]\n` +
        `tool_calls = [ { name = "add", result = "2" } ]\n`,
    );
    writeFileSync(join(dir, 'alice.js'), BRAIN);
    for (let trial = 1; trial <= answers.length; trial++) {
      const run = await brainbench(['run', '--record', `trial-${trial}.jsonl`], dir);
      assert.equal(run.code, 0, run.stderr);
    }
  } finally {
    await server.close();
  }
  const files = answers.map((_answer, i) => `trial-${i + 1}.jsonl`);
  const members = (word: string) => files.filter((_file, i) => answers[i] === word).join(', ');
  const first = answers[0]!;
  const other = first === 'sunny' ? 'rainy' : 'sunny';
  const answered = (word: string) => `{"content":"${word}","tool_calls":[],"finish_reason":"stop"}`;

  const run = await brainbench(['diff', ...files], dir);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(
    run.stdout,
    [
      // The first call made otherwise is the one that stores the model's answer.
      `alice: 4 of 4 recording(s) agree on 3 call(s), then split at iteration 1 call 4:`,
      `  ${members(first)}: host.memory-set("weather", "${first}")`,
      `  ${members(other)}: host.memory-set("weather", "${other}")`,
      `  after the answers to iteration 1 call 3 (provider.chat) differed:`,
      `    ${members(first)}: ${answered(first)}`,
      `    ${members(other)}: ${answered(other)}`,
      '',
    ].join('\n'),
  );

  const json = await brainbench(['diff', '--json', ...files], dir);
  const view = JSON.parse(json.stdout) as SplitView;
  const alice = view.agents[0]!;
  assert.equal(alice.split?.call, 4);
  assert.deepEqual(alice.split?.changes, [[{ path: '[1]', kind: 'changed', before: first, after: other }]]);
  assert.deepEqual(
    alice.split?.groups.map((group) => group.members.length).sort(),
    [answers.filter((a) => a === 'sunny').length, answers.filter((a) => a === 'rainy').length].sort(),
  );

  // The same trial four times over agrees everywhere.
  const same = await brainbench(['diff', files[0]!, files[0]!, files[0]!], dir);
  assert.equal(same.code, 0, same.stderr);
  assert.equal(same.stdout, 'alice: 3 of 3 recording(s) agree on all 5 call(s)\n');

  writeFileSync(join(dir, 'bogus.jsonl'), '{"kind":"header","version":999}\n');
  const bogus = await brainbench(['diff', files[0]!, files[1]!, 'bogus.jsonl'], dir);
  assert.equal(bogus.code, 1);
  assert.match(bogus.stderr, /bogus\.jsonl/);
  assert.doesNotMatch(bogus.stderr, /\n\s+at /);
});
