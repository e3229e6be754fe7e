// A JavaScript arrow with an expression body is a frame like any other (docs/debugging.md): over
// `brainbench dap`, with the protocol's own test client on a real agent process, a breakpoint on
// the arrow's expression line is verified there and stops there, the stack shows the arrow by its
// name above the brain, and its parameter is a local.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const CONFIG = '[runtime.js]\nkind = "js"\n\n[agents.brain]\nruntime = "js"\nscript = "brain.js"\n';
const BRAIN = 'const inc = (x) =>\n  x + 1;\nconst y = inc(41);\ny;\n';

test('a breakpoint in an arrow with an expression body stops there with its parameter as a local', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'brain.js': BRAIN }, async (client, dir) => {
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    const set = await client.setBreakpointsRequest({
      source: { path: join(dir, 'brain.js') },
      breakpoints: [{ line: 2 }],
    });
    assert.deepEqual(
      set.body.breakpoints.map((b) => [b.verified, b.line]),
      [[true, 2]],
    );
    const stopped = client.waitForEvent('stopped');
    await client.configurationDoneRequest();
    await launched;
    const event = (await stopped) as DebugProtocol.StoppedEvent;
    assert.equal(event.body.reason, 'breakpoint');
    const stack = await client.stackTraceRequest({ threadId: event.body.threadId! });
    assert.deepEqual(
      stack.body.stackFrames.map((f) => [f.name, f.line]),
      [
        ['inc', 2],
        ['<brain>', 3],
      ],
    );
    const scopes = await client.scopesRequest({ frameId: stack.body.stackFrames[0]!.id });
    const locals = scopes.body.scopes.find((s) => s.name === 'Locals');
    assert.ok(locals, JSON.stringify(scopes.body.scopes));
    const variables = await client.variablesRequest({ variablesReference: locals.variablesReference });
    assert.deepEqual(
      variables.body.variables.map((v) => `${v.name}=${v.value}`),
      ['x=41'],
    );
    const terminated = client.waitForEvent('terminated');
    await client.continueRequest({ threadId: event.body.threadId! });
    await terminated;
  });
});
