// `brainbench dap` driven by a real DAP client (the protocol's own test client) over standard
// input/output and over TCP, on real agent processes.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { fixtureDir } from '../config/fixture-dir.ts';
import { dapClient } from './dap-client.ts';
import { startDapServer, tcpClient } from './dap-tcp.ts';

const CONFIG = `
[runtime.rhai]
kind = "rhai"

[providers.llm]
kind = "mock"
turns = [ { content = "first" }, { content = "second" } ]

[agents.asker]
runtime = "rhai"
script = "asker.rhai"

[memory.asker]
greeting = "hello"
`;

const ASKER = `let llm = omw::provider::get("llm");
let a = llm.chat("small", [#{ role: "user", content: "one" }]);
let b = llm.chat("large", [#{ role: "user", content: "two" }]);
print(\`answers: \${a.content} \${b.content}\`);
"done"
`;

test('a host-op function breakpoint with a condition on the call holds only the matching call', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'asker.rhai': ASKER }, async (client, dir) => {
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    const set = await client.setFunctionBreakpointsRequest({
      breakpoints: [{ name: 'provider.chat', condition: 'model == "large"' }, { name: 'host.frobnicate' }],
    });
    assert.equal(set.body.breakpoints[0]!.verified, true);
    assert.equal(set.body.breakpoints[1]!.verified, false);
    assert.match(set.body.breakpoints[1]!.message ?? '', /not a host op/);
    const stopped = client.waitForEvent('stopped');
    await client.configurationDoneRequest();
    await launched;
    const event = (await stopped) as DebugProtocol.StoppedEvent;
    assert.equal(event.body.reason, 'function breakpoint');

    const threads = await client.threadsRequest();
    assert.deepEqual(
      threads.body.threads.map((t) => t.name),
      ['asker'],
    );
    const stack = await client.stackTraceRequest({ threadId: event.body.threadId! });
    assert.equal(stack.body.stackFrames[0]!.name, 'provider.chat (held)');
    const scopes = await client.scopesRequest({ frameId: stack.body.stackFrames[0]!.id });
    assert.deepEqual(
      scopes.body.scopes.map((s) => s.name),
      ['Call', 'Memory', 'Inbox'],
    );
    const [call, memory] = scopes.body.scopes;
    const args = await client.variablesRequest({ variablesReference: call!.variablesReference });
    assert.deepEqual(
      args.body.variables.slice(0, 2).map((v) => v.value),
      ['"llm"', '"large"'],
    );
    const messages = await client.variablesRequest({ variablesReference: args.body.variables[2]!.variablesReference });
    const first = await client.variablesRequest({ variablesReference: messages.body.variables[0]!.variablesReference });
    assert.equal(first.body.variables.find((v) => v.name === 'content')?.value, '"two"');

    const entries = await client.variablesRequest({ variablesReference: memory!.variablesReference });
    assert.equal(entries.body.variables.find((v) => v.name === 'greeting')?.value, '"hello"');
    const edited = await client.setVariableRequest({
      variablesReference: memory!.variablesReference,
      name: 'greeting',
      value: '{"to": "you"}',
    });
    assert.equal(edited.body.value, '{"to":"you"}');

    const output: string[] = [];
    client.on('output', (e: DebugProtocol.OutputEvent) => output.push(e.body.output));
    const exited = client.waitForEvent('exited');
    const terminated = client.waitForEvent('terminated');
    await client.continueRequest({ threadId: event.body.threadId! });
    assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 0);
    await terminated;
    assert.ok(output.includes('answers: first second\n'), output.join(''));
  });
});

test('a bad launch answers with an error, and a request for an unknown thread does not end the session', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'asker.rhai': ASKER }, async (client, dir) => {
    await client.initializeRequest();
    await assert.rejects(
      client.launch({ config: join(dir, 'missing.toml') } as DebugProtocol.LaunchRequestArguments),
      /missing\.toml/,
    );
    await assert.rejects(client.stackTraceRequest({ threadId: 7 }), /the launch failed: .*missing\.toml/);
    const threads = await client.threadsRequest();
    assert.deepEqual(threads.body.threads, []);
  });
});

test('--port serves the protocol over TCP to a client with the token: it stops on a line, evaluates and runs on', async () => {
  const dir = fixtureDir({ 'omw.toml': CONFIG, 'asker.rhai': ASKER });
  const server = await startDapServer();
  try {
    const client = await tcpClient(server.port);
    try {
      const initialized = client.waitForEvent('initialized');
      const init = await client.initializeRequest();
      assert.equal(init.body?.supportsFunctionBreakpoints, true);
      await client.launchRequest({
        config: join(dir, 'omw.toml'),
        token: server.token,
      } as DebugProtocol.LaunchRequestArguments);
      await initialized;
      await client.setBreakpointsRequest({ source: { path: join(dir, 'asker.rhai') }, breakpoints: [{ line: 4 }] });
      const stopped = client.waitForEvent('stopped');
      await client.configurationDoneRequest();
      const event = (await stopped) as DebugProtocol.StoppedEvent;
      assert.equal(event.body.reason, 'breakpoint');
      const stack = await client.stackTraceRequest({ threadId: event.body.threadId! });
      assert.equal(stack.body.stackFrames[0]!.line, 4);
      const b = await client.evaluateRequest({ expression: 'b.content', frameId: stack.body.stackFrames[0]!.id });
      assert.equal(b.body.result, '"second"');
      const output: string[] = [];
      client.on('output', (e: DebugProtocol.OutputEvent) => output.push(e.body.output));
      const terminated = client.waitForEvent('terminated');
      await client.continueRequest({ threadId: event.body.threadId! });
      await terminated;
      assert.ok(output.includes('answers: first second\n'), output.join(''));
    } finally {
      await client.stop();
    }
  } finally {
    await server.stop();
  }
});
