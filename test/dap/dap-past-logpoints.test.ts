// Logpoints in the past over `brainbench dap`, for a Rhai, a JS and a Python brain, with the
// protocol's own test client on real agent processes (docs/debugging.md#logpoints-in-the-past):
// a looping brain runs a loop whose length grows each iteration, a live logpoint in the loop says
// its values; removed and added again while the brain is stopped in its third iteration, the
// logpoint is run over the two ended iterations and says exactly what it said live there, each
// line with its iteration.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
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

const LOG = { line: 7, logMessage: 'i={i} total={total}' };

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`logpoints in the past of a ${kind} brain over DAP`, () => {
    it('gives, for the ended iterations, exactly what the live logpoint gave', async () => {
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
