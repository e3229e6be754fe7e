// Watches in the past over `brainbench dap`, for a Rhai, a JS and a Python brain, with the
// protocol's own test client on real agent processes (docs/debugging.md#watches-in-the-past): a
// looping brain's live logpoint says `total` at each turn of its loop; stopped in the third
// iteration, the custom request `watchInPast` on the same line gives exactly those values for the
// two ended iterations, each with its iteration, as an answer and as `output` events.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { PastWatchView } from '../../contract/debug-views.ts';
import { dapClient } from './dap-client.ts';

const BRAINS = {
  rhai: `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
count += 1;
omw::host::memory_set("n", \`\${count}\`);
let total = 0;
for i in 0..count {
    total += i * count + 1;
}
total
`,
  js: `const n = omw.host.memoryGet('n');
let count = n === undefined ? 0 : Number(n);
count += 1;
omw.host.memorySet('n', String(count));
let total = 0;
for (let i = 0; i < count; i++) {
  total += i * count + 1;
}
total;
`,
  python: `n = omw.host.memory_get("n")
count = 0 if n is None else int(n)
count += 1
omw.host.memory_set("n", str(count))
total = 0
for i in range(count):
    total += i * count + 1
# the loop ends
total
`,
};

const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;
type Kind = keyof typeof EXTENSIONS;

const configFor = (kind: Kind) =>
  `[runtime.${kind}]\nkind = "${kind}"\n\n[agents.brain]\nruntime = "${kind}"\nscript = "brain.${EXTENSIONS[kind]}"\n`;

const LOG = { line: 7, logMessage: '{total}' };

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`watches in the past of a ${kind} brain over DAP`, () => {
    it('gives the value at every hit in the ended iterations, as a live logpoint gave it', async () => {
      const file = `brain.${EXTENSIONS[kind]}`;
      await dapClient({ 'omw.toml': configFor(kind), [file]: BRAINS[kind] }, async (client, dir) => {
        const brain = join(dir, file);
        const output: string[] = [];
        client.on('output', (event: DebugProtocol.OutputEvent) => output.push(event.body.output.trimEnd()));
        const initialized = client.waitForEvent('initialized');
        await client.initializeRequest();
        const launched = client.launch({
          config: join(dir, 'omw.toml'),
          mode: 'loop',
        } as DebugProtocol.LaunchRequestArguments);
        await initialized;
        const stop = { line: 9, condition: kind === 'js' ? 'count === 3' : 'count == 3' };
        await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [LOG, stop] });
        const stopped = client.waitForEvent('stopped');
        await client.configurationDoneRequest();
        await launched;
        await stopped;
        const live = output.flatMap((line) => /^\[brain\] info: logpoint: (.*)$/.exec(line)?.[1] ?? []);
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
        assert.ok(output.some((line) => line === `(past) iteration 2, ${file}:7: total = ${live[2]}`));
        assert.ok(output.some((line) => line === '(past) watch total: 3 values from 2 iterations of the past'));

        await assert.rejects(
          client.customRequest('watchInPast', { threadId: 1, source: { path: brain }, line: 7, expression: '#{a: 1}' }),
          /cannot hold \{ or \}/,
        );
      });
    });
  });
}
