// The done-when, through the real command line: a run recorded against a real
// OpenAI-compatible HTTP server (answers drawn at random for this run) and a real MCP server
// replays with both stopped; an edited brain reports its divergence; the test folder written
// from the recording passes `brainbench test`, and fails once the brain behaves otherwise.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { chunk, startChatCompletionsServer, usageChunk } from '../providers/chat-completions-server.ts';
import { EVERYTHING_SERVER } from '../tooling/mcp-servers.ts';

const BRAINBENCH = join(process.cwd(), 'bin/brainbench.mjs');
const SECRET = 'sk-test-recorded-secret-0042';

async function brainbench(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BRAINBENCH, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const BRAIN = `const llm = omw.provider.get('llm');
const mcp = omw.tooling.get('mcp');
const tools = mcp.listTools();
const echoed = mcp.callToolBlocking('echo', { message: 'ping' });
const first = llm.chat('talk', [{ role: 'user', content: 'Say two words.' }], []);
const stream = llm.chatStream('talk', [{ role: 'user', content: 'And two more after: ' + first.content }], []);
let more = '';
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id !== stream) continue;
  if (envelope.kind !== 'chat-delta') break;
  more += envelope.payload.content ?? '';
}
omw.host.memorySet('words', first.content + ' ' + more);
\`\${tools.length > 0 ? 'tools' : 'none'}: \${echoed.content[0].text} / \${first.content} / \${more}\`;
`;

const word = () => randomBytes(4).toString('hex');

test('record against real servers, replay with them stopped, diff, and write a passing omw test', async () => {
  const words = [word(), word(), word(), word()];
  const server = await startChatCompletionsServer({
    talk: {
      events: [chunk({ content: words[0] }), chunk({ content: ` ${words[1]}` }, 'stop'), usageChunk(5, 2)],
      then: { events: [chunk({ content: words[2] }), chunk({ content: ` ${words[3]}` }, 'stop'), usageChunk(9, 2)] },
    },
  });
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-rec-'));
  writeFileSync(join(dir, 'alice.js'), BRAIN);
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.js]
kind = "js"
[agents.alice]
runtime = "js"
script = "alice.js"
[providers.llm]
kind = "openai"
base_url = "${server.origin}/v1"
model = "talk"
api_key = "${SECRET}"
max_retries = 0
[tooling.mcp]
kind = "mcp"
transport = "stdio"
command = ${JSON.stringify(process.execPath)}
args = [${JSON.stringify(EVERYTHING_SERVER)}]
`,
  );
  let run;
  try {
    run = await brainbench(['run', '--record', 'run.jsonl'], dir);
  } finally {
    await server.close();
  }
  assert.equal(run.code, 0, run.stderr);
  assert.equal(server.requests.filter((r) => r.method === 'POST').length, 2);
  const text = readFileSync(join(dir, 'run.jsonl'), 'utf8');
  assert.ok(!text.includes(SECRET), 'the API key is redacted');
  assert.match(text.split('\n')[0]!, /"format":"brainbench-recording","version":1/);
  const expectedOutcome = `tools: Echo: ping / ${words[0]} ${words[1]} / ${words[2]} ${words[3]}`;
  assert.ok(text.includes(JSON.stringify(expectedOutcome)), 'the outcome is recorded');

  // Both servers are gone (the HTTP server closed, the MCP server ended with the run).
  const replay = await brainbench(['replay', 'run.jsonl'], dir);
  assert.equal(replay.stdout, 'REPLAYED alice: 1 iteration\n', replay.stderr);
  assert.equal(replay.code, 0);

  const folder = await brainbench(['replay', 'run.jsonl', '--to-test', 'recorded-test'], dir);
  assert.equal(folder.code, 0, folder.stderr);
  const testRun = await brainbench(['test', 'recorded-test'], dir);
  assert.equal(testRun.code, 0, testRun.stdout + testRun.stderr);
  assert.match(testRun.stdout, /PASS omw\.test\.toml/);

  writeFileSync(join(dir, 'alice.js'), BRAIN.replace("{ message: 'ping' }", "{ message: 'pong' }"));
  const diverged = await brainbench(['replay', 'run.jsonl'], dir);
  assert.equal(diverged.code, 1);
  const [note, ...report] = diverged.stdout.split('\n');
  assert.match(
    note!,
    /^note: alice: the workspace's brain differs from the recorded one: recorded sha256 [0-9a-f]{64} \(.*alice\.js\), workspace sha256 [0-9a-f]{64} \(.*alice\.js\); the workspace's runs$/,
  );
  assert.equal(
    report.join('\n'),
    [
      'DIVERGED alice iteration 1 call 4: tooling.call-tool-blocking called with other arguments',
      `  at ${join(dir, 'alice.js')}:4:${diverged.stdout.match(/alice\.js:4:(\d+)/)?.[1] ?? '?'}`,
      '  recorded: tooling.call-tool-blocking("mcp", "echo", "{\\"message\\":\\"ping\\"}")',
      '  replayed: tooling.call-tool-blocking("mcp", "echo", "{\\"message\\":\\"pong\\"}")',
      '  args[2]: "{\\"message\\":\\"ping\\"}" -> "{\\"message\\":\\"pong\\"}"',
      '',
    ].join('\n'),
  );

  // The recorded test judges the behaviour: a brain that asks the model something else fails it.
  writeFileSync(join(dir, 'recorded-test', 'alice.js'), BRAIN.replace('Say two words.', 'Say three words.'));
  const failing = await brainbench(['test', 'recorded-test'], dir);
  assert.equal(failing.code, 1, failing.stdout);
  assert.match(failing.stdout, /FAIL omw\.test\.toml/);
});
