// Time travel as an editor uses it over `brainbench dap` (docs/debugging.md#time-travel), with the
// protocol's own test client against the real adapter and real agent processes: a Step Back
// inside a Rhai iteration of 1,000 host calls (request to `stopped`; the first one, which starts
// the re-execution process, apart), beside a forward `next` of the same session as its floor; and
// a logpoint added after 1,000 iterations, from the request to the summary of what it said in the
// past.

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const STEPS = 20;

/** 1,000 host calls answered by the host, then a few statements to step back over. */
const CALLS_BRAIN = `let total = 0;
for i in 0..1000 {
    let v = omw::host::memory_get("k");
    total += i;
}
let a = total + 1;
let b = a + 1;
let c = b + 1;
let d = c + 1;
d
`;

const LOOP_BRAIN = `let n = omw::host::memory_get("n");
let count = if n == () { 0 } else { parse_int(n) };
count += 1;
omw::host::memory_set("n", \`\${count}\`);
let total = count * 10;
total
`;

async function session<T>(
  brain: string,
  mode: 'run' | 'loop',
  work: (client: DebugClient, file: string) => Promise<T>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-travel-bench-'));
  const adapter = join(dir, 'dap.sh');
  writeFileSync(adapter, `#!/bin/sh\nexec "${process.execPath}" "${join(process.cwd(), 'bin/brainbench.mjs')}" dap\n`);
  chmodSync(adapter, 0o755);
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.rhai]\nkind = "rhai"\n\n[agents.brain]\nruntime = "rhai"\nscript = "brain.rhai"\n',
  );
  const file = join(dir, 'brain.rhai');
  writeFileSync(file, brain);
  const client = new DebugClient('/bin/sh', adapter, 'brainbench');
  client.defaultTimeout = 120_000;
  await client.start();
  try {
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    void client.launch({ config: join(dir, 'omw.toml'), mode } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    return await work(client, file);
  } finally {
    await client.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timedStop(client: DebugClient, request: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const stopped = client.waitForEvent('stopped');
  await request();
  await stopped;
  return performance.now() - started;
}

async function stepBackRows(): Promise<BenchRow[]> {
  return session(CALLS_BRAIN, 'run', async (client, file) => {
    await client.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: 9 }] });
    const first = client.waitForEvent('stopped');
    await client.configurationDoneRequest();
    await first;
    const threadId = 1;
    const firstBack = await timedStop(client, () => client.stepBackRequest({ threadId }));
    const back: number[] = [];
    const next: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      // Back and forth between the last statements: every step back re-executes the 1,000 calls.
      back.push(await timedStop(client, () => client.stepBackRequest({ threadId })));
      next.push(await timedStop(client, () => client.nextRequest({ threadId })));
    }
    return [
      { name: 'step back, 1,000-call iteration (first)', value: firstBack, unit: 'ms' },
      {
        name: 'step back, 1,000-call iteration',
        value: median(back),
        unit: 'ms',
        floor: median(next),
        target: '< 200 ms',
      },
    ];
  });
}

async function pastLogpointRow(): Promise<BenchRow[]> {
  return session(LOOP_BRAIN, 'loop', async (client, file) => {
    const stop = { line: 5, condition: 'count == 1001' };
    await client.setBreakpointsRequest({ source: { path: file }, breakpoints: [stop] });
    const first = client.waitForEvent('stopped');
    await client.configurationDoneRequest();
    await first;
    const summary = new Promise<string>((resolve) =>
      client.on('output', (event: DebugProtocol.OutputEvent) => {
        if (event.body.output.startsWith('(past) ') && / from \d+ iterations/.test(event.body.output))
          resolve(event.body.output);
      }),
    );
    const started = performance.now();
    await client.setBreakpointsRequest({
      source: { path: file },
      breakpoints: [stop, { line: 6, logMessage: 'total={total}' }],
    });
    const said = await summary;
    const took = performance.now() - started;
    if (!said.includes('1000 logpoint messages from 1000 iterations')) throw new Error(`unexpected: ${said}`);
    return [{ name: 'logpoint over 1,000 past iterations', value: took, unit: 'ms', target: '< 5000 ms' }];
  });
}

export async function timeTravelBenchmarks(): Promise<BenchRow[]> {
  return [...(await stepBackRows()), ...(await pastLogpointRow())];
}
