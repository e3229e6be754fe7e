// Issue 28 item 12, host side: trying a tool or a chat never depends on the agents' mock queues
// and never changes them. A tool tried after the agents used up its script still answers (from
// a fresh copy of the script); a chat tried gets the mock's next turn, which the agent still gets.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { ChatTryView } from '../../contract/views.ts';
import { agentEntry } from '../../main/supervisor/agent-entry.ts';
import { forkSpawner } from '../../main/supervisor/fork-spawner.ts';
import { dispatchRequest } from '../../main/workbench/api-dispatch.ts';
import { Workbench } from '../../main/workbench/workbench.ts';

const CONFIG = `[runtime.js]
kind = "js"

[agents.asker]
runtime = "js"
script = "asker.js"

[providers.chat]
kind = "mock"
turns = [
  { content = "one", reasoning = "thinking", usage = { prompt_tokens = 3, completion_tokens = 1 } },
  { tool_call = { id = "c1", name = "search", arguments = "{}" } },
  { content = "last" },
]

[providers.stuck]
kind = "mock"
turns = [ { content = "never", pending = true } ]

[tooling.library]
kind = "mock"
tools = [ { name = "search", input_schema = { type = "object" } }, { name = "fetch", input_schema = { type = "object" } } ]
tool_calls = [ { name = "search", result = "first" }, { name = "fetch", result = "page" }, { name = "search", result = "second" } ]
`;

const BRAIN = `const reply = omw.provider.get('chat').chat('mock-model', [{ role: 'user', content: 'hi' }], []);
omw.host.log('info', 'said: ' + (reply.content ?? reply.toolCalls[0]?.name));
`;

let dir: string;
let workbench: Workbench;
let nextId = 1;

async function ask<T>(method: string, ...params: unknown[]): Promise<T> {
  const answer = await dispatchRequest(workbench, nextId++, method, params);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result as T;
}

const said = () =>
  workbench
    .traceHistory()
    .flatMap((event) => (event.type === 'log' && String(event.message).startsWith('said: ') ? [event.message] : []));

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'brainbench-try-backends-'));
  writeFileSync(join(dir, 'omw.toml'), CONFIG);
  writeFileSync(join(dir, 'asker.js'), BRAIN);
  workbench = new Workbench({ spawner: forkSpawner, entry: agentEntry(), spares: 0 });
  await workbench.open(dir);
});

after(async () => {
  await workbench.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a chat tried gets the next turn, whole, and the agent still gets that turn', async () => {
  const tried = await ask<ChatTryView>('tryChat', 'chat', 'mock-model', [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'hi' },
  ]);
  assert.deepEqual(tried.reply, {
    content: 'one',
    reasoning: 'thinking',
    toolCalls: [],
    finishReason: 'stop',
    usage: { prompt_tokens: 3, completion_tokens: 1 },
  });
  assert.equal(tried.error, undefined);
  await ask<ChatTryView>('tryChat', 'chat', 'mock-model', [{ role: 'user', content: 'again' }]);
  await workbench.step('asker');
  assert.deepEqual(said(), ['said: one']);

  const next = await ask<ChatTryView>('tryChat', 'chat', 'mock-model', [{ role: 'user', content: 'hi' }]);
  assert.deepEqual(next.reply.toolCalls, [{ id: 'c1', name: 'search', arguments: '{}' }]);
  assert.equal(next.reply.finishReason, 'tool_calls');
});

test('a chat whose next turn never answers, and an unknown provider, say so in one line', async () => {
  const stuck = await ask<ChatTryView>('tryChat', 'stuck', 'm', [{ role: 'user', content: 'hi' }]);
  assert.equal(stuck.error, 'the next turn is pending: it never answers');
  await assert.rejects(
    ask('tryChat', 'nope', 'm', [{ role: 'user', content: 'hi' }]),
    /^Error: no provider named "nope"$/,
  );
});

test('a tool tried answers whatever the agents used up, and uses up nothing', async () => {
  const result = async (tool: string) => {
    const answered = JSON.parse(await ask<string>('callTool', 'library', tool, '{}')) as { content: string };
    return (JSON.parse(answered.content) as { text: string }[])[0]!.text;
  };
  // The next scripted call is for search: that answer.
  assert.equal(await result('search'), 'first');
  // The next is not fetch's: fetch's first in the script.
  assert.equal(await result('fetch'), 'page');
  // Used up by calls (as the agents' would): a fresh copy of the script answers.
  const library = workbench['host']().tooling.get('library')!;
  for (const tool of ['search', 'fetch', 'search']) await library.callTool(tool, '{}', AbortSignal.timeout(5_000));
  assert.equal(await result('search'), 'first');
  await assert.rejects(ask('callTool', 'library', 'other', '{}'), /the mock scripts no answer for tool "other"/);
});
