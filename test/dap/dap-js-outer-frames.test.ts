// A JavaScript brain paused mid-iteration over `brainbench dap` (the protocol's own test client, a
// real agent process): the frames it entered before the pause, a straight-through function run in
// its fast copy, a function with a loop and the brain's top level, show their locals as they are
// at the pause (docs/debugging.md), read from a re-run of the iteration to the pause; and Step
// Back finds the pause in the past (it could not when fast copies did not count their entries).

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { dapClient } from './dap-client.ts';

const CONFIG =
  '[runtime.js]\nkind = "js"\nmax_busy_ms = 120000\n\n[agents.brain]\nruntime = "js"\nscript = "brain.js"\n';
const BRAIN = `function scale(v) {
  return v * 2;
}
function work(a, rounds, limit) {
  let acc = 0;
  let turns = 0;
  const churn = () => {
    for (let k = 0; k < limit; k++) {
      turns = k;
    }
  };
  for (let j = 0; j < rounds; j++) acc += scale(j);
  if (limit > 1000) print('churning');
  churn();
  return acc + turns;
}
function step(x) {
  const y = x + 1;
  return work(y, 5 + x, x === 2 ? 100000000 : 1000);
}
let total = 0;
for (let i = 0; i < 3; i++) {
  omw.host.memoryGet('n');
  total += step(i);
}
total;
`;

async function locals(client: DebugClient, frameId: number): Promise<Record<string, string[]>> {
  const scopes = await client.scopesRequest({ frameId });
  const shown: Record<string, string[]> = {};
  for (const scope of scopes.body.scopes) {
    const variables = await client.variablesRequest({ variablesReference: scope.variablesReference });
    shown[scope.name] = variables.body.variables.map((v) => `${v.name}=${v.value}`);
  }
  return shown;
}

test('a pause mid-iteration shows the locals of every frame entered before it', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'brain.js': BRAIN }, async (client, dir) => {
    const churning = new Promise<void>((resolve) =>
      client.on('output', (event: DebugProtocol.OutputEvent) => {
        if (event.body.output.includes('churning')) resolve();
      }),
    );
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    await client.configurationDoneRequest();
    await launched;
    await churning;
    const [thread] = (await client.threadsRequest()).body.threads;
    const stopped = client.waitForEvent('stopped');
    await client.pauseRequest({ threadId: thread!.id });
    const event = (await stopped) as DebugProtocol.StoppedEvent;
    assert.equal(event.body.reason, 'pause');
    const stack = await client.stackTraceRequest({ threadId: thread!.id });
    const frames = stack.body.stackFrames;
    assert.deepEqual(
      frames.map((f) => f.name),
      ['churn', 'work', 'step', '<brain>'],
    );
    const top = await locals(client, frames[0]!.id);
    const k = Number(/^k=(\d+)$/.exec(top.Locals![0]!)![1]);
    assert.ok(k > 0, `paused ${k} turns into the loop`);
    // 0 + 2 + … + 12 for step(2)'s seven rounds; `turns` is the turn before this one.
    const work = await locals(client, frames[1]!.id);
    assert.deepEqual(work.Locals, [
      'a=3',
      'rounds=7',
      'limit=100000000',
      'acc=42',
      `turns=${k - 1}`,
      'churn=ƒ churn()',
    ]);
    const step = await locals(client, frames[2]!.id);
    assert.deepEqual(step.Locals, ['x=2', 'y=3']);
    const brain = await locals(client, frames[3]!.id);
    assert.deepEqual(brain.Locals, ['i=2']);
    assert.deepEqual(top.Locals, [`k=${k}`, 'limit=100000000', `turns=${k - 1}`]);
    // step(0) and step(1): 20 + 999 and 30 + 999.
    assert.ok(brain.Globals!.includes('total=2048'), brain.Globals!.join(' '));
    // Time travel finds the pause again by its frame's entry serial, which fast copies count too,
    // and in its loop by what the frame holds (dap-pause-in-loop.test.ts).
    const back = client.waitForEvent('stopped');
    await client.stepBackRequest({ threadId: thread!.id });
    assert.match(((await back) as DebugProtocol.StoppedEvent).body.description ?? '', /^in the past: iteration 1/);
    const past = (await client.stackTraceRequest({ threadId: thread!.id })).body.stackFrames;
    assert.deepEqual(
      past.map((f) => f.name),
      ['churn', 'work', 'step', '<brain>'],
    );
    await client.terminateRequest();
  });
});

const CALLING = `let progress = -1;
function work(rounds) {
  let acc = 0;
  for (let j = 0; j < rounds; j++) {
    progress = j;
    acc += j;
    omw.host.memoryGet('n');
  }
  return acc;
}
function step(x) {
  const y = x * 2;
  return work(y + 100000000);
}
print('working');
step(3);
`;

test('a host-op breakpoint set mid-iteration shows the locals of every frame, the calling one too', async () => {
  await dapClient({ 'omw.toml': CONFIG, 'brain.js': CALLING }, async (client, dir) => {
    const working = new Promise<void>((resolve) =>
      client.on('output', (event: DebugProtocol.OutputEvent) => {
        if (event.body.output.includes('working')) resolve();
      }),
    );
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    await client.configurationDoneRequest();
    await launched;
    await working;
    const stopped = client.waitForEvent('stopped');
    await client.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'host.memory-get' }] });
    const event = (await stopped) as DebugProtocol.StoppedEvent;
    const threadId = event.body.threadId!;
    const frames = (await client.stackTraceRequest({ threadId })).body.stackFrames;
    assert.deepEqual(
      frames.map((f) => `${f.name}:${f.line}`),
      ['host.memory-get (held):7', 'work:7', 'step:13', '<brain>:16'],
    );
    const brainFrames = frames.slice(1);
    const brain = await locals(client, brainFrames[2]!.id);
    const j = Number(/^progress=(\d+)$/.exec(brain.Globals!.find((g) => g.startsWith('progress='))!)![1]);
    const work = await locals(client, brainFrames[0]!.id);
    assert.deepEqual(work.Locals, [`j=${j}`, 'rounds=100000006', `acc=${(j * (j + 1)) / 2}`]);
    assert.deepEqual((await locals(client, brainFrames[1]!.id)).Locals, ['x=3', 'y=6']);
    await client.terminateRequest();
  });
});
