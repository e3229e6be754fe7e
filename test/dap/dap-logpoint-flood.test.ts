// A logpoint in a hot loop cannot flood the page or the host (docs/debugging.md#conditions): over
// `brainbench dap`, with the protocol's own test client on a real agent process, a Rhai loop of
// 5,000 turns with a logpoint in it sends the first 100 messages of the iteration, then one line
// counting the 4,900 it dropped, and the brain's result is unchanged.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const CONFIG = '[runtime.rhai]\nkind = "rhai"\n\n[agents.brain]\nruntime = "rhai"\nscript = "brain.rhai"\n';
const BRAIN = 'let total = 0;\nfor i in 0..5000 {\n    total += i;\n}\ntotal\n';

test('a logpoint in a loop of 5,000 turns says 100 messages, then counts the rest', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'brain.rhai': BRAIN }, async (client, dir) => {
    const output: string[] = [];
    client.on('output', (event: DebugProtocol.OutputEvent) => output.push(event.body.output.trimEnd()));
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    await client.setBreakpointsRequest({
      source: { path: join(dir, 'brain.rhai') },
      breakpoints: [{ line: 3, logMessage: 'i={i}' }],
    });
    const terminated = client.waitForEvent('terminated');
    await client.configurationDoneRequest();
    await launched;
    await terminated;
    const said = output.filter((line) => /^i=\d+$/.test(line));
    assert.deepEqual(
      said,
      Array.from({ length: 100 }, (_, i) => `i=${i}`),
    );
    assert.ok(
      output.includes(
        '4900 more logpoint messages were dropped in this iteration (at most 100 are shown per iteration)',
      ),
      output.join('\n'),
    );
    assert.ok(
      output.some((line) => line.includes('brain: exited: 12497500')),
      output.join('\n'),
    );
  });
});
