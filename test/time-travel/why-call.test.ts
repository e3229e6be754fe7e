// "Why this call?" on the tool-using example (examples/mcp-tool-agent, docs/debugging.md#why-this-call),
// with a real agent process, the mock model and the real "everything" MCP server from npm: the
// tool call's arguments lead to the provider answer that asked for the tool, and the second
// model call's messages lead to the tool result the brain received; what the brain wrote itself
// (the question) is said to be the brain's.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Debugger } from '../../main/debugger/debugger.ts';
import { workspace } from '../supervisor/workspace.ts';

const REPO = process.cwd();
const CONFIG = `[runtime.js]
kind = "js"

[agents.alice]
runtime = "js"
script = "brain.js"

[tooling.everything]
kind = "mcp"
transport = "stdio"
command = "node"
args = ["${join(REPO, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')}", "stdio"]

[providers.llm]
kind = "mock"
turns = [
  { tool_call = { id = "call_1", name = "get-sum", arguments = { a = 19, b = 23 } } },
  { content = "19 + 23 = 42" },
]
`;

test('Why? on a tool call leads to the provider answer it came from, and on to the tool result', async () => {
  const brain = readFileSync(join(REPO, 'examples/mcp-tool-agent/js/brain.js'), 'utf8');
  const ws = workspace(CONFIG, { 'brain.js': brain });
  const debug = new Debugger(ws.supervisor);
  debug.enableTimeTravel();
  try {
    await ws.supervisor.start();
    const [result] = (await ws.supervisor.run(['alice'])).values();
    assert.deepEqual(result, { kind: 'outcome', outcome: { exited: '19 + 23 = 42' } }, JSON.stringify(result));
    const calls = ws.trace.filter((e) => e.type === 'call');
    const toolCall = calls.find((e) => e.type === 'call' && e.op === 'call_tool')!;
    const why = debug.whyCall('alice', { seq: toolCall.seq });
    assert.equal(why.op, 'tooling.call-tool');
    const fromChat = why.links.filter((l) => l.for === -1 && l.op === 'provider.chat');
    assert.deepEqual(fromChat.map((l) => l.argument).sort(), ['arguments', 'name']);
    const chat = calls.find((e) => e.type === 'call' && e.op === 'chat')!;
    assert.equal(fromChat[0]!.seq, chat.seq, 'the link opens the first chat call in the timeline');
    assert.match(fromChat.find((l) => l.argument === 'arguments')!.value, /"a":\s*19/);

    const chats = calls.filter((e) => e.type === 'call' && e.op === 'chat');
    const second = debug.whyCall('alice', { seq: chats[1]!.seq });
    const direct = second.links.filter((l) => l.for === -1);
    assert.ok(
      direct.some((l) => l.argument === 'messages' && l.op === 'host.recv' && /42/.test(l.value)),
      JSON.stringify(direct),
    );
    assert.ok(
      direct.some((l) => l.argument === 'messages' && l.op === 'provider.chat'),
      'the tool call the model asked for',
    );
    assert.ok(
      direct.some((l) => l.argument === 'tools' && l.op === 'tooling.list-tools'),
      'the tools listed',
    );
    // The first call's question is the brain's own.
    const first = debug.whyCall('alice', { seq: chats[0]!.seq });
    assert.ok(first.made.includes('messages'), JSON.stringify(first));
    assert.throws(() => debug.whyCall('alice', { seq: 999_999 }), /not in the recorded past/);
  } finally {
    debug.dispose();
    await ws.supervisor.shutdown();
    await ws.host.close();
  }
});
