// `brainbench dap` on an opened recording (docs/debugging.md#time-travel-in-a-recording), for a Rhai,
// a JS and a Python brain, with the protocol's own test client and real agent processes: a launch
// `{recording, agent, config}` debugs the recorded iterations of a counting brain (iteration N reads
// n = N-1, writes N, and loops N times). A conditional breakpoint stops at its first hit; Continue
// goes to the next, Reverse Continue back to the previous; Step Back crosses the memory-set call
// (Memory shows n before it) and the iteration boundary (the iteration before's count). A brain with
// nested calls: the outer frames' scopes and an object local read two levels down by reference, and
// a logpoint passed on the way says its message with its iteration as an `output` event. Hostile: an
// agent named `../../x`, a recording outside the workspace, and a link inside it leading outside.

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { NESTED_BRAINS, NESTED_KEYS, NESTED_LINES } from '../time-travel/nested-brains.ts';
import { EXTENSIONS, recordCounting, type Kind } from '../time-travel/past-fixture.ts';
import { dapClient } from './dap-client.ts';

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

async function value(client: DebugClient, frameId: number, expression: string): Promise<string> {
  return (await client.evaluateRequest({ expression, frameId, context: 'watch' })).body.result;
}

async function memory(client: DebugClient, frameId: number, key: string): Promise<string | undefined> {
  const scopes = await client.scopesRequest({ frameId });
  const scope = scopes.body.scopes.find((s) => s.name === 'Memory')!;
  const vars = await client.variablesRequest({ variablesReference: scope.variablesReference });
  return vars.body.variables.find((v) => v.name === key)?.value;
}

const launchArgs = (args: Record<string, unknown>) => args as DebugProtocol.LaunchRequestArguments;

for (const kind of ['rhai', 'js', 'python'] as Kind[]) {
  describe(`a ${kind} recording over DAP`, { timeout: 180_000 }, () => {
    it('continues, reverse-continues to a conditional hit, and steps back across a call and an iteration', async () => {
      const { dir, recording } = await recordCounting(kind, 3);
      const brain = join(dir, `brain.${EXTENSIONS[kind]}`);
      await dapClient({}, async (client) => {
        const initialized = client.waitForEvent('initialized');
        const capabilities = await client.initializeRequest();
        assert.equal(capabilities.body?.supportsStepBack, true);
        const launched = client.launch(launchArgs({ recording, agent: 'a', config: join(dir, 'omw.toml') }));
        await initialized;
        await client.setBreakpointsRequest({
          source: { path: brain },
          breakpoints: [{ line: 5, condition: 'i == 1' }],
        });
        let at = await stopAfter(client, async () => {
          await client.configurationDoneRequest();
          await launched;
        });
        const threads = await client.threadsRequest();
        assert.deepEqual(
          threads.body.threads.map((t) => t.name),
          ['a'],
        );
        assert.deepEqual([at.reason, at.line], ['breakpoint', 5]);
        assert.match(at.description ?? '', /in the past: iteration 2,/);
        assert.deepEqual([await value(client, at.frameId, 'count'), await value(client, at.frameId, 'i')], ['2', '1']);

        at = await stopAfter(client, () => client.continueRequest({ threadId: 1 }));
        assert.match(at.description ?? '', /iteration 3,/);
        assert.equal(await value(client, at.frameId, 'count'), '3');
        at = await stopAfter(client, () => client.reverseContinueRequest({ threadId: 1 }));
        assert.deepEqual([at.reason, at.line], ['breakpoint', 5]);
        assert.match(at.description ?? '', /iteration 2,/);
        assert.equal(await value(client, at.frameId, 'count'), '2');

        // To `total = 0` of iteration 2, then back across memory_set and into iteration 1.
        await client.setBreakpointsRequest({ source: { path: brain }, breakpoints: [{ line: 3 }] });
        at = await stopAfter(client, () => client.reverseContinueRequest({ threadId: 1 }));
        assert.equal(at.line, 3);
        assert.equal(await memory(client, at.frameId, 'n'), '2');
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.equal(at.line, 2);
        assert.equal(await memory(client, at.frameId, 'n'), '1');
        assert.equal(await value(client, at.frameId, 'count'), '2');
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.equal(at.line, 1);
        at = await stopAfter(client, () => client.stepBackRequest({ threadId: 1 }));
        assert.match(at.description ?? '', /iteration 1,/);
        assert.equal(await value(client, at.frameId, 'count'), '1');

        // A recording is the past: what only a live run does is refused in one line.
        await assert.rejects(client.pauseRequest({ threadId: 1 }), /not in a recording's debug session/);
      });
    });
  });
}

async function variables(client: DebugClient, reference: number): Promise<DebugProtocol.Variable[]> {
  return (await client.variablesRequest({ variablesReference: reference })).body.variables;
}

for (const kind of ['rhai', 'js', 'python'] as Kind[]) {
  describe(`the frames of a ${kind} recording over DAP`, { timeout: 180_000 }, () => {
    it("read each frame's scopes and nested values, and a logpoint passed says its message", async () => {
      const { dir, recording } = await recordCounting(kind, 2, 'rec.jsonl', NESTED_BRAINS[kind]);
      const name = `brain.${EXTENSIONS[kind]}`;
      await dapClient({}, async (client) => {
        const output: string[] = [];
        client.on('output', (event: DebugProtocol.OutputEvent) => output.push(event.body.output.trimEnd()));
        const initialized = client.waitForEvent('initialized');
        await client.initializeRequest();
        const launched = client.launch(launchArgs({ recording, agent: 'a', config: join(dir, 'omw.toml') }));
        await initialized;
        await client.setBreakpointsRequest({
          source: { path: join(dir, name) },
          breakpoints: [{ line: NESTED_LINES.inner }, { line: 12, logMessage: 'result={result}' }],
        });
        let at = await stopAfter(client, async () => {
          await client.configurationDoneRequest();
          await launched;
        });
        assert.match(at.description ?? '', /iteration 1,/);
        // On through iteration 1's memory_set line (the logpoint) to iteration 2's stop in inner.
        at = await stopAfter(client, () => client.continueRequest({ threadId: 1 }));
        assert.match(at.description ?? '', /iteration 2,/);
        assert.deepEqual(
          output.filter((line) => line.includes('result=')),
          [`iteration 1, ${name}:12: result=1`],
        );

        const stack = await client.stackTraceRequest({ threadId: 1 });
        assert.deepEqual(
          stack.body.stackFrames.map((f) => [f.name, f.line]),
          [
            ['inner', NESTED_LINES.inner],
            ['outer', NESTED_LINES.outerCall],
            ['<brain>', NESTED_LINES.mainCall],
          ],
        );
        const scopes = (await client.scopesRequest({ frameId: stack.body.stackFrames[1]!.id })).body.scopes;
        const locals = await variables(client, scopes.find((s) => s.name === 'Locals')!.variablesReference);
        assert.equal(locals.find((v) => v.name === 'n')?.value, '1');
        const keys = NESTED_KEYS[kind];
        const box = await variables(client, locals.find((v) => v.name === 'box')!.variablesReference);
        const a = await variables(client, box.find((v) => v.name === keys.a)!.variablesReference);
        const b = await variables(client, a.find((v) => v.name === keys.b)!.variablesReference);
        assert.deepEqual(
          b.map((v) => v.value),
          ['1', '2'],
        );
        const memory = await variables(client, scopes.find((s) => s.name === 'Memory')!.variablesReference);
        assert.deepEqual(
          memory.map((v) => [v.name, v.value]),
          [['n', '1']],
        );
      });
    });
  });
}

describe('a recording launch over DAP refuses', { timeout: 180_000 }, () => {
  it('an agent named ../../x, a recording outside the workspace, and a link leading outside', async () => {
    const { dir, recording } = await recordCounting('rhai', 1);
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    copyFileSync(recording, join(outside, 'rec.jsonl'));
    symlinkSync(join(outside, 'rec.jsonl'), join(dir, 'link.jsonl'));
    const config = join(dir, 'omw.toml');
    const attempts: [Record<string, unknown>, RegExp][] = [
      [{ recording, agent: '../../x', config }, /the recording has no agent "\.\.\/\.\.\/x"/],
      [{ recording: join(outside, 'rec.jsonl'), agent: 'a', config }, /outside the workspace/],
      [{ recording: join(dir, 'link.jsonl'), agent: 'a', config }, /outside the workspace/],
      [{ recording: join(dir, 'none.jsonl'), agent: 'a', config }, /no such recording/],
    ];
    for (const [args, refusal] of attempts) {
      await dapClient({}, async (client) => {
        await client.initializeRequest();
        const error = await client.launch(launchArgs(args)).then(
          () => undefined,
          (e: unknown) => e as Error,
        );
        assert.ok(error, `${JSON.stringify(args)} was launched`);
        assert.match(error.message, refusal);
        assert.doesNotMatch(error.message, /\n\s+at /);
      });
    }
  });
});
