// `brainbench dap` as an editor uses it: the round trip of a `next` (the request, its answer and
// the `stopped` event at the next statement), measured with the protocol's own test client
// against the real adapter and a real agent process.

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const STEPS = 60;

const BRAIN = `let total = 0;
for i in 0..1000000 {
    total += i;
    total -= 1;
}
total
`;

export async function dapBenchmarks(): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-dap-bench-'));
  const adapter = join(dir, 'dap.sh');
  writeFileSync(adapter, `#!/bin/sh\nexec "${process.execPath}" "${join(process.cwd(), 'bin/brainbench.mjs')}" dap\n`);
  chmodSync(adapter, 0o755);
  writeFileSync(
    join(dir, 'omw.toml'),
    '[runtime.rhai]\nkind = "rhai"\n\n[agents.counter]\nruntime = "rhai"\nscript = "counter.rhai"\n',
  );
  writeFileSync(join(dir, 'counter.rhai'), BRAIN);
  const client = new DebugClient('/bin/sh', adapter, 'brainbench');
  client.defaultTimeout = 30_000;
  await client.start();
  try {
    const initialized = client.waitForEvent('initialized');
    await client.initializeRequest();
    const launched = client.launch({ config: join(dir, 'omw.toml') } as DebugProtocol.LaunchRequestArguments);
    await initialized;
    await client.setBreakpointsRequest({ source: { path: join(dir, 'counter.rhai') }, breakpoints: [{ line: 3 }] });
    const first = client.waitForEvent('stopped');
    await client.configurationDoneRequest();
    await launched;
    const threadId = ((await first) as DebugProtocol.StoppedEvent).body.threadId!;
    await client.setBreakpointsRequest({ source: { path: join(dir, 'counter.rhai') }, breakpoints: [] });
    const times: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      const started = performance.now();
      const stopped = client.waitForEvent('stopped');
      await client.nextRequest({ threadId });
      await stopped;
      times.push(performance.now() - started);
    }
    await client.disconnectRequest({}).catch(() => undefined);
    return [{ name: 'DAP next round trip (request to stopped)', value: median(times), unit: 'ms', target: '< 20 ms' }];
  } finally {
    await client.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
