// The real `brainbench run --log-format pipe`, spawned, its providers talking to a local server
// that sends an event that is not JSON, over both vendor SDKs: standard error holds Brainbench's
// log and nothing else (one JSON object a line; the SDKs write nothing around it), and the brain
// catches the failure. A brain streaming a tool call gets its argument fragments as the server sent
// them, and the whole call's arguments parsed once.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { chunk, startChatCompletionsServer, type ChatCompletionsServer } from './chat-completions-server.ts';

const REPO = join(import.meta.dirname, '../..');

const BRAIN = `
for (const [provider, model] of [['local', 'malformed'], ['claude', 'claude-malformed']]) {
  try {
    omw.provider.get(provider).chat(model, [{ role: 'user', content: 'hi' }]);
    print(provider + ': answered');
  } catch (error) {
    print(provider + ': caught ' + String(error));
  }
}
const local = omw.provider.get('local');
const stream = local.chatStream('odd-fragments', [{ role: 'user', content: 'count' }], []);
const fragments = [];
for (;;) {
  const envelope = omw.host.recv();
  if (envelope.id !== stream) continue;
  if (envelope.kind !== 'chat-delta') break;
  if (envelope.payload.toolCall) fragments.push(envelope.payload.toolCall.arguments);
}
print('fragments: ' + JSON.stringify(fragments));
print('assembled: ' + JSON.stringify(local.chat('odd-fragments', [{ role: 'user', content: 'count' }]).toolCalls[0].arguments));
`;

const ODD_FRAGMENTS = ['', '{', '"n":', '4', '}'];

describe('brainbench run --log-format pipe with providers that misbehave', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-provider-output-'));
  let server: ChatCompletionsServer;
  let stderr = '';
  let stdout = '';
  let code: number | null = null;

  before(async () => {
    server = await startChatCompletionsServer({
      malformed: { events: [chunk({ content: 'fine' })], rawData: '{"choices": [ not json' },
      'claude-malformed': {
        events: [],
        named: [
          [
            'message_start',
            {
              type: 'message_start',
              message: {
                id: 'msg',
                type: 'message',
                role: 'assistant',
                model: 'c',
                content: [],
                stop_reason: null,
                stop_sequence: null,
                usage: { input_tokens: 1, output_tokens: 0 },
              },
            },
          ],
        ],
        rawEvent: 'content_block_delta',
        rawData: '{"type": "content_block_delta", not json',
      },
      'odd-fragments': {
        events: ODD_FRAGMENTS.map((piece, i) =>
          chunk(
            { tool_calls: [{ index: 0, id: 'call_odd', function: { name: 'count', arguments: piece } }] },
            i === ODD_FRAGMENTS.length - 1 ? 'tool_calls' : null,
          ),
        ),
      },
    });
    writeFileSync(join(dir, 'brain.js'), BRAIN);
    writeFileSync(
      join(dir, 'omw.toml'),
      `[runtime.js]\nkind = "js"\n[agents.caller]\nruntime = "js"\nscript = "brain.js"\n` +
        `[providers.local]\nkind = "openai"\nbase_url = "${server.origin}/v1"\nmax_retries = 0\n` +
        `[providers.claude]\nkind = "anthropic"\nbase_url = "${server.origin}"\napi_key = "k"\nmax_retries = 0\n`,
    );
    const child = spawn(
      process.execPath,
      [join(REPO, 'bin/brainbench.mjs'), 'run', '--config', join(dir, 'omw.toml'), '--log-format', 'pipe'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (piece: Buffer) => (stdout += piece.toString()));
    child.stderr.on('data', (piece: Buffer) => (stderr += piece.toString()));
    code = await new Promise((resolve) => child.on('exit', resolve));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const printed = () =>
    stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { message: string; print?: boolean })
      .filter((entry) => entry.print)
      .map((entry) => entry.message);

  it('writes nothing on standard error but JSON log lines, and the brain catches the failures', () => {
    assert.equal(code, 0, stderr);
    assert.equal(stdout, '');
    for (const line of stderr.split('\n').filter((text) => text !== '')) {
      assert.doesNotThrow(() => JSON.parse(line), `a line that is not JSON on standard error: ${line}`);
    }
    assert.match(printed()[0]!, /^local: caught .*provider "local": the stream held an event that is not JSON/);
    assert.match(printed()[1]!, /^claude: caught .*provider "claude": the stream held an event that is not JSON/);
  });

  it('parses the assembled tool call once, at the end', () => {
    assert.equal(printed()[3], 'assembled: {"n":4}');
  });

  it('hands the brain each argument fragment as the string the server sent', () => {
    assert.equal(printed()[2], `fragments: ${JSON.stringify(ODD_FRAGMENTS)}`);
  });
});
