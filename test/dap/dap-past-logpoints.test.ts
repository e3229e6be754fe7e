// Logpoints in the past over `brainbench dap`, for a Rhai, a JS and a Python brain, with the
// protocol's own test client on real agent processes (docs/debugging.md#logpoints-in-the-past):
// a looping brain runs a loop whose length grows each iteration, a live logpoint in the loop says
// its values; removed and added again while the brain is stopped in its third iteration, the
// logpoint is run over the two ended iterations and says exactly what it said live there, each
// line with its iteration.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';
import { BRAIN_KINDS, loopingWorkspace, stoppedInThirdIteration } from './looping-brain-session.ts';

const LOG = { line: 7, logMessage: 'i={i} total={total}' };

for (const kind of BRAIN_KINDS) {
  describe(`logpoints in the past of a ${kind} brain over DAP`, () => {
    it('gives, for the ended iterations, exactly what the live logpoint gave', async () => {
      await dapClient(loopingWorkspace(kind), async (client, dir) => {
        const { brain, output, live, stop } = await stoppedInThirdIteration(client, dir, kind, LOG);
        // Iteration 1 loops once, 2 twice, 3 three times before the stop.
        assert.equal(live.length, 6);

        await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [stop] });
        const summary = new Promise<void>((resolve) =>
          client.on('output', (event: DebugProtocol.OutputEvent) => {
            if (/^\(past\) \d+ logpoint messages? from/.test(event.body.output)) resolve();
          }),
        );
        await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [stop, LOG] });
        await summary;
        const past = output.flatMap((line) => {
          const match = /^\(past\) iteration (\d+), brain\.\w+:7: (.*)$/.exec(line);
          return match ? [[Number(match[1]), match[2]] as const] : [];
        });
        assert.deepEqual(
          past.map(([iteration]) => iteration),
          [1, 2, 2],
        );
        assert.deepEqual(
          past.map(([, text]) => text),
          live.slice(0, 3),
        );
        assert.ok(output.some((line) => line === '(past) 3 logpoint messages from 2 iterations of the past'));
      });
    });
  });
}
