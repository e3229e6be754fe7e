// Where an empty iteration's time goes: each hop of the path host → agent process → engine thread
// → back, stamped on the machine's monotonic clock (HopStamps), beside the bare message round
// trips of the same two kinds of hop measured in the same run. Idle (the agent sleeps 20 ms before
// each iteration, as between clicks on Step) and back to back (as in loop mode).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../main/config/load-config.ts';
import type { AgentToHost, HopStamps } from '../main/agent-protocol/agent-protocol.ts';
import { monotonicMicros } from '../main/agent-process/monotonic-micros.ts';
import { agentEntry } from '../main/supervisor/agent-entry.ts';
import { agentInit } from '../main/supervisor/agent-init.ts';
import { forkSpawner } from '../main/supervisor/fork-spawner.ts';
import { processRoundTrip } from './floors/process-round-trip.ts';
import { workerRoundTrip } from './floors/worker-round-trip.ts';
import type { BenchRow } from './bench-row.ts';
import { median } from './stats.ts';

const ROUNDS = 41;
export const IDLE_MS = 20;

interface Hops {
  total: number;
  toProcess: number;
  inBridge: number;
  toEngine: number;
  engine: number;
  fromEngine: number;
  toHost: number;
}

/** One iteration's hops, in µs, from the host's send to its receipt of the result. */
function hopsOf(sent: number, stamps: HopStamps, got: number): Hops {
  return {
    total: got - sent,
    toProcess: stamps.received - sent,
    inBridge: stamps.handedOver - stamps.received,
    toEngine: stamps.engineStart - stamps.handedOver,
    engine: stamps.engineEnd - stamps.engineStart,
    fromEngine: stamps.resultBack - stamps.engineEnd,
    toHost: got - stamps.resultBack,
  };
}

/**
 * Runs `brain` (a file name and its text) in a bare agent process, over its channel, with no host
 * behind it: the agent-process path alone.
 */
async function measureHops(runtime: string, brain: [string, string], idleMs: number): Promise<Hops> {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-bench-hops-'));
  const [file, text] = brain;
  writeFileSync(
    join(dir, 'omw.toml'),
    `[runtime.r]\nkind = "${runtime}"\n[agents.a]\nruntime = "r"\nscript = "${file}"\n`,
  );
  const init = { ...agentInit(loadConfig(join(dir, 'omw.toml'), { env: {} }), 'a'), measureHops: true };
  const channel = forkSpawner(agentEntry(), { name: 'a' });
  let waiting: ((message: AgentToHost) => void) | undefined;
  channel.onMessage((message) => waiting?.(message as AgentToHost));
  const next = (t: AgentToHost['t']) =>
    new Promise<AgentToHost>((resolve) => {
      waiting = (message) => message.t === t && resolve(message);
    });
  try {
    const ready = next('ready');
    channel.send({ t: 'init', init });
    await ready;
    const samples: Hops[] = [];
    for (let i = 0; i < ROUNDS + 3; i++) {
      if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
      const result = next('result');
      const sent = monotonicMicros();
      channel.send({ t: 'run', id: i + 1, script: text, filename: join(dir, file) });
      const message = (await result) as Extract<AgentToHost, { t: 'result' }>;
      const got = monotonicMicros();
      if (!message.result.ok) throw new Error(`hop benchmark brain failed: ${message.result.error}`);
      if (i >= 3) samples.push(hopsOf(sent, message.hops!, got));
    }
    const of = (key: keyof Hops) => median(samples.map((s) => s[key]));
    return {
      total: of('total'),
      toProcess: of('toProcess'),
      inBridge: of('inBridge'),
      toEngine: of('toEngine'),
      engine: of('engine'),
      fromEngine: of('fromEngine'),
      toHost: of('toHost'),
    };
  } finally {
    channel.kill();
  }
}

export interface HopBreakdown {
  rows: BenchRow[];
  /** The two message round trips an iteration cannot avoid (host↔child, thread↔worker), after idle. */
  idleFloor: number;
  /** The same, back to back. */
  busyFloor: number;
}

/** The breakdown rows of an empty iteration of `runtime`, idle and back to back, with their floors. */
export async function hopBreakdown(runtime: string, brain: [string, string]): Promise<HopBreakdown> {
  const rows: BenchRow[] = [];
  const floors: number[] = [];
  for (const idleMs of [IDLE_MS, 0]) {
    const how = idleMs > 0 ? `after ${idleMs} ms idle` : 'back to back';
    const ipc = await processRoundTrip(ROUNDS, idleMs);
    const thread = await workerRoundTrip(ROUNDS, idleMs);
    const hops = await measureHops(runtime, brain, idleMs);
    floors.push(ipc + thread);
    const row = (part: string, value: number, floor?: number): BenchRow => ({
      name: `${runtime} hops ${how}: ${part}`,
      value,
      unit: 'µs',
      ...(floor === undefined ? {} : { floor }),
    });
    rows.push(
      row('floor: host↔child message round trip', ipc),
      row('floor: thread↔worker message round trip', thread),
      row('agent process alone, send to result', hops.total, ipc + thread),
      row('host → agent process', hops.toProcess),
      row('in the bridge', hops.inBridge),
      row('bridge → engine thread', hops.toEngine),
      row('engine run', hops.engine),
      row('engine thread → bridge', hops.fromEngine),
      row('agent process → host', hops.toHost),
    );
  }
  return { rows, idleFloor: floors[0]!, busyFloor: floors[1]! };
}
