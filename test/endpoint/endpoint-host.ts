import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../main/config/load-config.ts';
import type { Endpoint } from '../../main/endpoint/endpoint.ts';
import type { HostOp } from '../../main/host-api/host-ops.generated.ts';
import type { EventEnvelope } from '../../main/host-api/wit-types.generated.ts';
import { Host } from '../../main/host/host.ts';
import type { TraceEvent } from '../../main/trace/trace-event.ts';

export interface EndpointHost {
  host: Host;
  endpoint: Endpoint;
  trace: TraceEvent[];
  /** A host call by `agent`, as its agent process would make it. */
  call(agent: string, op: HostOp, ...args: unknown[]): Promise<unknown>;
  /** Takes everything out of an agent's inbox. */
  drain(agent: string): EventEnvelope[];
}

/** A Host with agents alice and bob and the given extra config, answered directly: no processes. */
export function endpointHost(extra: string): EndpointHost {
  const dir = mkdtempSync(join(tmpdir(), 'brainbench-endpoint-'));
  const agents = ['alice', 'bob'].map((a) => `[agents.${a}]\nruntime = "js"\nscript = "${a}.js"\n`).join('');
  writeFileSync(join(dir, 'omw.toml'), `[runtime.js]\nkind = "js"\n${agents}${extra}`);
  const host = new Host(loadConfig(join(dir, 'omw.toml'), { env: {} }));
  const trace: TraceEvent[] = [];
  host.trace.subscribe((e) => trace.push(e));
  host.prepareIteration('alice');
  host.prepareIteration('bob');
  const drain = (agent: string) => {
    const events: EventEnvelope[] = [];
    for (let e = host.bus.inbox(agent).tryTake(); e; e = host.bus.inbox(agent).tryTake()) events.push(e);
    return events;
  };
  return {
    host,
    endpoint: host.endpoint!,
    trace,
    call: (agent, op, ...args) => host.call(agent, op, args),
    drain,
  };
}

/** The omw trace events as short lines, for order checks. */
export const traceLines = (trace: TraceEvent[]): string[] =>
  trace.flatMap((e) => {
    if (e.type === 'call') {
      const rejected = e.op.startsWith('subscribe') && e.uuid === null;
      return [`${e.agent} call ${e.op}${rejected ? ' (no handle)' : ''}`];
    }
    if (e.type === 'opened') return [`${e.agent} opened ${e.source}`];
    if (e.type === 'closed') return [`${e.agent} closed ${e.source} ${e.reason}`];
    if (e.type === 'result' && !e.ok) return [`${e.agent} error ${e.error}`];
    if (e.type === 'log') return [`${e.agent} ${e.level} ${e.message}`];
    return [];
  });

/** An inbox event in a short form: kind plus the fields that tell events apart. */
export const eventLine = ({ event }: EventEnvelope): string => {
  if (event.kind === 'endpoint-message') return `message ${event.data.messages.map((m) => m.content).join('/')}`;
  if (event.kind === 'endpoint-session-end')
    return `end${event.data.error !== undefined ? ` ${event.data.error}` : ''}`;
  return event.kind;
};
