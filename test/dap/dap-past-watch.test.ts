// Watches in the past over `brainbench dap`, for a Rhai, a JS and a Python brain, with the
// protocol's own test client on real agent processes (docs/debugging.md#watches-in-the-past): a
// looping brain's live logpoint says `total` at each turn of its loop; stopped in the third
// iteration, the custom request `watchInPast` on the same line gives exactly those values for the
// two ended iterations, each with its iteration, as an answer and as `output` events.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PastWatchView } from '../../contract/debug-views.ts';
import { dapClient } from './dap-client.ts';
import { BRAIN_KINDS, brainFile, loopingWorkspace, stoppedInThirdIteration } from './looping-brain-session.ts';

for (const kind of BRAIN_KINDS) {
  describe(`watches in the past of a ${kind} brain over DAP`, () => {
    it('gives the value at every hit in the ended iterations, as a live logpoint gave it', async () => {
      await dapClient(loopingWorkspace(kind), async (client, dir) => {
        const { brain, output, live } = await stoppedInThirdIteration(client, dir, kind, {
          line: 7,
          logMessage: '{total}',
        });
        assert.equal(live.length, 6);

        const answer = await client.customRequest('watchInPast', {
          threadId: 1,
          source: { path: brain },
          line: 7,
          expression: 'total',
        });
        const watched = answer.body as PastWatchView;
        assert.equal(watched.line, 7);
        assert.deepEqual(
          watched.values.map((v) => [v.iteration, v.value]),
          [
            [1, live[0]],
            [2, live[1]],
            [2, live[2]],
          ],
        );
        assert.deepEqual([watched.iterations, watched.diverged], [2, []]);
        assert.ok(output.some((line) => line === `(past) iteration 2, ${brainFile(kind)}:7: total = ${live[2]}`));
        assert.ok(output.some((line) => line === '(past) watch total: 3 values from 2 iterations of the past'));

        await assert.rejects(
          client.customRequest('watchInPast', { threadId: 1, source: { path: brain }, line: 7, expression: '#{a: 1}' }),
          /cannot hold \{ or \}/,
        );
      });
    });
  });
}
