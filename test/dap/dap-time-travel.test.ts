// Time travel over `brainbench dap`, for a Rhai, a JS and a Python brain, with the protocol's own
// test client on real agent processes (docs/debugging.md#time-travel). A looping brain counts in
// host memory; stopped in its third iteration, Step Back goes back across the host call that
// stored the count (the Memory scope shows the value before it) and across the iteration
// boundary into the second iteration; Reverse Continue stops at the previous hit of a conditional
// breakpoint (in the first iteration, past a hit whose condition fails); Continue from the past
// runs forward to the live brain's stop again; `goToHostCall` goes to the statement that made a
// host call of an earlier iteration, and refuses calls that are not there.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { dapClient } from './dap-client.ts';

const BRAINS = {
  rhai: `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
count += 1;
omw::host::memory_set("n", \`\${count}\`);
let total = count * 10;
total
`,
  js: `const n = omw.host.memoryGet('n');
let count = n === undefined ? 0 : Number(n);
count += 1;
omw.host.memorySet('n', String(count));
const total = count * 10;
total;
`,
  python: `n = omw.host.memory_get("n")
count = 0 if n is None else int(n)
count += 1
omw.host.memory_set("n", str(count))
total = count * 10
total
`,
};

const EXTENSIONS = { rhai: 'rhai', js: 'js', python: 'py' } as const;
type Kind = keyof typeof EXTENSIONS;

const configFor = (kind: Kind) =>
  `[runtime.${kind}]\nkind = "${kind}"\n\n[agents.brain]\nruntime = "${kind}"\nscript = "brain.${EXTENSIONS[kind]}"\n`;

const equals = (kind: Kind, left: string, right: number) =>
  `${left} == ${right}`.replace('==', kind === 'js' ? '===' : '==');

interface Stop {
  reason: string;
  description: string | undefined;
  line: number;
  frameId: number;
}

async function stopAfter(client: DebugClient, request: () => Promise<unknown>): Promise<Stop> {
  const stopped = client.waitForEvent('stopped');
  await request();
  const event = (await stopped) as DebugProtocol.StoppedEvent;
  const stack = await client.stackTraceRequest({ threadId: event.body.threadId! });
  const top = stack.body.stackFrames[0]!;
  return { reason: event.body.reason, description: event.body.description, line: top.line, frameId: top.id };
}

/** A variable's value by name in any scope of the frame ('' when it has none yet). */
async function value(client: DebugClient, frameId: number, name: string, scopeName?: string): Promise<string> {
  const scopes = await client.scopesRequest({ frameId });
  for (const scope of scopes.body.scopes) {
    if (scopeName !== undefined && scope.name !== scopeName) continue;
    const vars = await client.variablesRequest({ variablesReference: scope.variablesReference });
    const found = vars.body.variables.find((v) => v.name === name);
    if (found) return found.value;
  }
  return '';
}

for (const kind of ['rhai', 'js', 'python'] as const) {
  describe(`time travel in a ${kind} brain over DAP`, () => {
    it('steps back across a host call and an iteration, reverse-continues to a conditional hit, and comes back', async () => {
      const file = `brain.${EXTENSIONS[kind]}`;
      await dapClient({ 'omw.toml': configFor(kind), [file]: BRAINS[kind] }, async (client, dir) => {
        const brain = join(dir, file);
        const initialized = client.waitForEvent('initialized');
        const capabilities = await client.initializeRequest();
        assert.equal(capabilities.body?.supportsStepBack, true);
        const launched = client.launch({
          config: join(dir, 'omw.toml'),
          mode: 'loop',
        } as DebugProtocol.LaunchRequestArguments);
        await initialized;
        await client.setBreakpointsRequest({
          source: { path: brain },
          breakpoints: [{ line: 5, condition: equals(kind, 'count', 3) }],
        });
        let at = await stopAfter(client, async () => {
          await client.configurationDoneRequest();
          await launched;
        });
        assert.equal(at.reason, 'breakpoint');
        assert.equal(at.line, 5);
        assert.equal(await value(client, at.frameId, 'count'), '3');
        // The live brain has stored its count.
        assert.match(await value(client, at.frameId, 'n', 'Memory'), /^"?3"?$/);

        // Back to the statement that makes the host call: the view's memory is from before it.
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.deepEqual([at.reason, at.line], ['step', 4]);
        assert.match(at.description ?? '', /in the past: iteration 3, statement \d+/);
        assert.equal(await value(client, at.frameId, 'count'), '3');
        assert.match(await value(client, at.frameId, 'n', 'Memory'), /^"?2"?$/);

        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.deepEqual([at.line, await value(client, at.frameId, 'count')], [3, '2']);
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.equal(at.line, 2);
        // Rhai's `if` block on line 2 is a statement of its own, as Step Over finds going forward.
        if (kind === 'rhai') at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.equal(at.line, 2);
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.equal(at.line, 1);
        // Across the iteration boundary: the second iteration's last statement, with its values.
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.equal(at.line, 6);
        assert.equal(await value(client, at.frameId, 'total'), '20');
        const evaluated = await client.evaluateRequest({ expression: 'count', frameId: at.frameId, context: 'watch' });
        assert.equal(evaluated.body.result, '2');

        // Reverse Continue passes the second iteration's hit (count is 2 there) and stops in the first.
        await client.setBreakpointsRequest({
          source: { path: brain },
          breakpoints: [{ line: 5, condition: equals(kind, 'count', 1) }],
        });
        at = await stopAfter(client, () => client.reverseContinueRequest({ threadId: 1 }));
        assert.deepEqual([at.reason, at.line], ['breakpoint', 5]);
        assert.equal(await value(client, at.frameId, 'count'), '1');
        // The past cannot be edited.
        await assert.rejects(
          client.evaluateRequest({ expression: 'count', frameId: at.frameId }).then(async () => {
            const scopes = await client.scopesRequest({ frameId: at.frameId });
            await client.setVariableRequest({
              variablesReference: scopes.body.scopes[0]!.variablesReference,
              name: 'count',
              value: '7',
            });
          }),
          /the past cannot be changed/,
        );

        // Forward from the past: no later hit holds, so it runs up to the live brain's stop.
        at = await stopAfter(client, () => client.continueRequest({ threadId: 1 }));
        assert.equal(at.line, 5);
        assert.doesNotMatch(at.description ?? '', /in the past/);
        assert.equal(await value(client, at.frameId, 'count'), '3');

        // To a host call of the past, before it is made: the second iteration's memory_set.
        at = await stopAfter(client, () =>
          client.customRequest('goToHostCall', { threadId: 1, iteration: 2, call: 1 }),
        );
        assert.equal(at.line, 4);
        assert.match(at.description ?? '', /before host\.memory-set, call 2 of iteration 2/);
        assert.equal(await value(client, at.frameId, 'count'), '2');
        assert.match(await value(client, at.frameId, 'n', 'Memory'), /^"?1"?$/);
        // Calls that are not there, and arguments that are not numbers, are refused with why.
        await assert.rejects(
          client.customRequest('goToHostCall', { threadId: 1, iteration: 2, call: 9 }),
          /iteration 2 made 2 host calls so far, not 10/,
        );
        await assert.rejects(
          client.customRequest('goToHostCall', { threadId: 1, iteration: 99, call: 0 }),
          /iteration 99 is not in the recorded past/,
        );
        await assert.rejects(
          client.customRequest('goToHostCall', { threadId: 1, iteration: '2; rm -rf /', call: 0 }),
          /each a whole number/,
        );
        await assert.rejects(client.customRequest('brainbench/unknown', {}), /unknown request/);
        const why = (await client.customRequest('whyHostCall', { threadId: 1, iteration: 2, call: 1 })) as {
          body: { op: string; links: unknown[] };
        };
        assert.equal(why.body.op, 'host.memory-set');
      });
    });
  });
}
