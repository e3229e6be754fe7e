// Stepping into Rhai module and `eval` code over `brainbench dap`, with the protocol's own test
// client on a real agent process: a breakpoint in an imported module's file hits with the
// module's frame on the stack, and a step into `eval` stops inside the eval'd text, which the
// client reads with a `source` request (a Source with a sourceReference, no path).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const CONFIG = `[runtime.rhai]\nkind = "rhai"\n\n[agents.brain]\nruntime = "rhai"\nscript = "brain.rhai"\n`;

const BRAIN = `import "lib/helpers" as h;
let a = h::f(1);
let b = eval("let x = a;\\nx + 1");
print(\`b = \${b}\`);
`;

const HELPERS = `fn f(x) {
  let y = x * 10;
  y + 1
}
`;

async function stoppedAt(client: DebugClient, stopped: Promise<DebugProtocol.Event>) {
  const event = (await stopped) as DebugProtocol.StoppedEvent;
  const stack = await client.stackTraceRequest({ threadId: event.body.threadId! });
  return { reason: event.body.reason, threadId: event.body.threadId!, frames: stack.body.stackFrames };
}

describe('a Rhai brain over DAP: modules and eval', () => {
  it('hits a breakpoint in a module file and steps into eval code, whose text the source request gives', async () => {
    const files = { 'omw.toml': CONFIG, 'brain.rhai': BRAIN, 'lib/helpers.rhai': HELPERS };
    await dapClient(files, async (client, dir) => {
      const brain = join(dir, 'brain.rhai');
      const helpers = join(dir, 'lib/helpers.rhai');
      const initialized = client.waitForEvent('initialized');
      await client.initializeRequest();
      const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
      await initialized;
      const placed = await client.setBreakpointsRequest({ source: { path: helpers }, breakpoints: [{ line: 3 }] });
      assert.equal(placed.body.breakpoints[0]!.verified, true);
      await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [{ line: 3 }] });
      let stopped = client.waitForEvent('stopped');
      await client.configurationDoneRequest();
      await launched;

      let at = await stoppedAt(client, stopped);
      assert.equal(at.reason, 'breakpoint');
      assert.deepEqual(
        at.frames.map((f) => [f.name, f.source?.path, f.line]),
        [
          ['f', helpers, 3],
          ['<brain>', brain, 2],
        ],
      );

      stopped = client.waitForEvent('stopped');
      await client.continueRequest({ threadId: at.threadId });
      at = await stoppedAt(client, stopped);
      assert.deepEqual([at.reason, at.frames[0]!.source?.path, at.frames[0]!.line], ['breakpoint', brain, 3]);

      stopped = client.waitForEvent('stopped');
      await client.stepInRequest({ threadId: at.threadId });
      at = await stoppedAt(client, stopped);
      assert.equal(at.reason, 'step');
      assert.deepEqual(
        at.frames.map((f) => [f.name, f.line]),
        [
          ['<eval>', 1],
          ['<brain>', 3],
        ],
      );
      const evalSource = at.frames[0]!.source!;
      assert.equal(evalSource.path, undefined);
      assert.ok((evalSource.sourceReference ?? 0) > 0, 'a sourceReference');
      const shown = await client.sourceRequest({ source: evalSource, sourceReference: evalSource.sourceReference! });
      assert.equal(shown.body.content, 'let x = a;\nx + 1');

      stopped = client.waitForEvent('stopped');
      await client.nextRequest({ threadId: at.threadId });
      at = await stoppedAt(client, stopped);
      assert.deepEqual([at.frames[0]!.name, at.frames[0]!.line], ['<eval>', 2]);
      const x = await client.evaluateRequest({ expression: 'x', frameId: at.frames[0]!.id, context: 'watch' });
      assert.equal(x.body.result, '11');

      await assert.rejects(client.sourceRequest({ sourceReference: 99 }), /no source with reference 99/);

      const output: string[] = [];
      client.on('output', (e: DebugProtocol.OutputEvent) => output.push(e.body.output));
      const exited = client.waitForEvent('exited');
      await client.continueRequest({ threadId: at.threadId });
      assert.equal(((await exited) as DebugProtocol.ExitedEvent).body.exitCode, 0);
      assert.ok(output.includes('b = 12\n'), output.join(''));
    });
  });
});
