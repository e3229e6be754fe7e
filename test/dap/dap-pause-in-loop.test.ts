// Step Back from a pause in a loop that turns without host calls, over `brainbench dap` with the
// protocol's own test client on real agent processes (docs/debugging.md#time-travel): the pause's
// statement count is not known (the hooks were off), so time travel finds it again by its place
// and, among the loop's turns there, by what the frames hold. The Variables then show the counter
// of the turn the brain paused in, or of the turn before: not the first turn's.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const BRAINS = {
  rhai: `print("looping");
let counter = 0;
let work = 0;
while counter < 10000000 {
    counter += 1;
    let row = [];
    row.pad(3000, counter);
    work = row.len() + counter;
}
counter
`,
  js: `print('looping');
let counter = 0;
let work = 0;
while (counter < 10000000) {
  counter += 1;
  work = JSON.stringify(new Array(3000).fill(counter)).length;
}
counter;
`,
  python: `print("looping")
counter = 0
work = 0
while counter < 10000000:
    counter += 1
    work = len(str([counter] * 3000))
counter
`,
};

const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;

/** The counter in the top frame's scopes, through `scopes` and `variables`. */
async function counter(client: DebugClient, threadId: number): Promise<number> {
  const [top] = (await client.stackTraceRequest({ threadId })).body.stackFrames;
  for (const scope of (await client.scopesRequest({ frameId: top!.id })).body.scopes) {
    const variables = await client.variablesRequest({ variablesReference: scope.variablesReference });
    const found = variables.body.variables.find((v) => v.name === 'counter');
    if (found) return Number(found.value);
  }
  throw new Error('no counter in the top frame');
}

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`a pause in a ${kind} loop over DAP`, () => {
    it("steps back into the paused turn or the one before, not the loop's first", async () => {
      const brain = `brain.${EXTENSIONS[kind]}`;
      const config = `[runtime.${kind}]\nkind = "${kind}"\nmax_busy_ms = 600000\n\n[agents.brain]\nruntime = "${kind}"\nscript = "${brain}"\n`;
      await dapClient({ 'omw.toml': config, [brain]: BRAINS[kind] }, async (client, dir) => {
        const looping = new Promise<void>((resolve) =>
          client.on('output', (event: DebugProtocol.OutputEvent) => {
            if (event.body.output.includes('looping')) resolve();
          }),
        );
        const initialized = client.waitForEvent('initialized');
        await client.initializeRequest();
        const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
        await initialized;
        await client.configurationDoneRequest();
        await launched;
        await looping;
        await new Promise((resolve) => setTimeout(resolve, 400));
        const [thread] = (await client.threadsRequest()).body.threads;
        const threadId = thread!.id;

        const paused = client.waitForEvent('stopped');
        await client.pauseRequest({ threadId });
        assert.equal(((await paused) as DebugProtocol.StoppedEvent).body.reason, 'pause');
        const turn = await counter(client, threadId);
        assert.ok(turn > 2, `paused ${turn} turns into the loop`);

        const back = client.waitForEvent('stopped');
        await client.stepBackRequest({ threadId });
        const description = ((await back) as DebugProtocol.StoppedEvent).body.description ?? '';
        assert.match(description, /^in the past: iteration 1/);
        const before = await counter(client, threadId);
        assert.ok(before === turn || before === turn - 1, `stepped back from turn ${turn} to turn ${before}`);
        await client.terminateRequest();
      });
    });
  });
}
