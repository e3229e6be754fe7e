// Deciding a held host call over `brainbench dap` with the protocol's own test client
// (docs/debugging.md#deciding-a-held-call): a call held at a host-op breakpoint is answered in its
// place through the custom request `decideHeldCall`, and the brain goes on with that answer; a
// decision that does not fit, or is not one, is refused with why and the call stays held.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const CONFIG = '[runtime.js]\nkind = "js"\n\n[agents.brain]\nruntime = "js"\nscript = "brain.js"\n';
const BRAIN = "const v = omw.host.memoryGet('k');\nomw.host.log('info', `got ${v}`);\nv;\n";

test('a held call is answered through decideHeldCall, and a bad decision is refused with why', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'brain.js': BRAIN }, async (client, dir) => {
    const output: string[] = [];
    client.on('output', (event: DebugProtocol.OutputEvent) => output.push(event.body.output));
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    await client.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'host.memory-get' }] });
    const stopped = client.waitForEvent('stopped');
    await client.configurationDoneRequest();
    await launched;
    assert.match(((await stopped) as DebugProtocol.StoppedEvent).body.text ?? '', /held before host\.memory-get/);

    await assert.rejects(
      client.customRequest('decideHeldCall', { threadId: 1, decision: { kind: 'bribe' } }),
      /decideHeldCall: decision/,
    );
    await assert.rejects(
      client.customRequest('decideHeldCall', { threadId: 1, decision: { kind: 'answer', value: 7 } }),
      /expected a string/,
    );
    await assert.rejects(client.customRequest('decideHeldCall', { decision: { kind: 'proceed' } }), /threadId/);

    const terminated = client.waitForEvent('terminated');
    await client.customRequest('decideHeldCall', {
      threadId: 1,
      decision: { kind: 'answer', value: 'from the debugger' },
    });
    await terminated;
    assert.ok(
      output.some((line) => line.includes('got from the debugger')),
      output.join(''),
    );
    assert.ok(
      output.some((line) => line.includes('brain: exited: from the debugger')),
      output.join(''),
    );
  });
});
