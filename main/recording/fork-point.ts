import type { ForkPointView } from '../../contract/recording-views.ts';
import type { RegistryName } from '../../contract/views.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import type { SourceKind } from '../trace/trace-event.ts';
import type { CallLine } from './recording-format.ts';
import { RecordingError, type ReadLine } from './recording-reader.ts';
import { headerOf, type RecordedIteration, type Recording } from './recording.ts';

/** A source open at a fork point, with what the branch needs to carry it on. */
export interface OpenAtFork {
  registry: RegistryName;
  uuid: string;
  source: SourceKind;
  openedAt: number;
  /** The call that opened it (its op and arguments say a timer's due time). */
  opener: CallLine | undefined;
}

/** An event the recording delivered after the fork point to a source open at it, `offsetMs` after the point. */
export interface LaterDelivery {
  offsetMs: number;
  envelope: EventEnvelope;
}

export interface ForkState {
  view: ForkPointView;
  open: OpenAtFork[];
  later: LaterDelivery[];
  /** Recorded iterations of the agent after the fork point (their triggers drive the branch). */
  after: RecordedIteration[];
  /** When the fork point was in the recording (ms since the epoch). */
  pointTime: number;
}

const REGISTRY_OF: Partial<Record<SourceKind, RegistryName>> = {
  'chat-stream': 'streams',
  timer: 'timers',
  'resource-list': 'resources',
  resource: 'resources',
  'tool-call': 'toolCalls',
};

/**
 * An agent's state after its recorded iteration `afterIteration` (0: before its first), from the
 * recording alone: memory (the recorded seed and the prefix's `memory-set`/`memory-remove`), the
 * inbox (events delivered and not yet received), the sources opened and not closed. The fork
 * point is where the next iteration started (or the file's end).
 */
export function forkState(
  recording: Recording,
  lines: readonly ReadLine[],
  agent: string,
  afterIteration: number,
): ForkState {
  const recorded = recording.agents.get(agent);
  if (!recorded) throw new RecordingError(`no agent "${agent}" in the recording`);
  const numbers = recorded.iterations.map((iteration) => iteration.iteration);
  if (afterIteration !== 0 && !numbers.includes(afterIteration)) {
    const range = numbers.length > 0 ? `${numbers[0]}..${numbers.at(-1)}` : 'none';
    throw new RecordingError(`agent "${agent}" has no recorded iteration ${afterIteration} (recorded: ${range})`);
  }
  const prefix = recorded.iterations.filter((iteration) => iteration.iteration <= afterIteration);
  const after = recorded.iterations.filter((iteration) => iteration.iteration > afterIteration);
  const notes: string[] = [];

  const memory = new Map(Object.entries(recording.header.config.memory[agent] ?? {}));
  for (const iteration of prefix) {
    for (const call of iteration.calls) {
      if (!call.ok) continue;
      if (call.op === 'host.memory-set') memory.set(String(call.args[0]), String(call.args[1]));
      if (call.op === 'host.memory-remove') memory.delete(String(call.args[0]));
    }
  }

  // One pass in file order: the inbox is a queue fed by deliveries, drained by receipts, and
  // cleared of reload/shutdown events at each iteration start (as Host.prepareIteration does).
  const inbox: EventEnvelope[] = [];
  const open = new Map<string, OpenAtFork>();
  const openers = new Map<string, CallLine>();
  const later: LaterDelivery[] = [];
  let sawDeliveries = false;
  let pointTime: number | undefined;
  let lastTime = recording.header.createdAt;
  const boundary = after[0]?.iteration;
  for (const read of lines) {
    if (!('line' in read)) continue;
    const { line } = read;
    if (line.kind === 'delivered' && line.agent === agent) {
      sawDeliveries = true;
      if (pointTime === undefined) inbox.push(line.envelope);
      else if (isCarriedOn(open.get(line.envelope.id)))
        later.push({ offsetMs: line.time - pointTime, envelope: line.envelope });
    }
    if (pointTime !== undefined) continue;
    if (line.kind === 'call' && line.agent === agent) {
      lastTime = line.time;
      if (line.ok && typeof line.value === 'string') openers.set(line.value, line);
    }
    if (line.kind !== 'trace' || line.event.agent !== agent) continue;
    const event = line.event;
    lastTime = event.time;
    if (event.type === 'iteration-start') {
      if (event.iteration === boundary) {
        pointTime = event.time;
        continue;
      }
      removeWhere(inbox, ({ event: e }) => e.kind === 'reload' || e.kind === 'shutdown');
    } else if (event.type === 'inbound') {
      const at = inbox.findIndex((envelope) => envelope.id === event.id && envelope.event.kind === event.event.kind);
      if (at >= 0) inbox.splice(at, 1);
    } else if (event.type === 'opened') {
      const registry = REGISTRY_OF[event.source];
      if (registry)
        open.set(event.uuid, {
          registry,
          uuid: event.uuid,
          source: event.source,
          openedAt: event.time,
          opener: undefined,
        });
    } else if (event.type === 'closed') open.delete(event.uuid);
  }
  pointTime ??= lastTime;
  // A call's line comes once it has returned, after the `opened` event it caused.
  for (const source of open.values()) source.opener = openers.get(source.uuid);
  if (!sawDeliveries) {
    inbox.length = 0;
    notes.push('this recording holds no deliveries (an older Brainbench made it): the inbox starts empty');
  }
  // The brain that ran the fork point's iteration: a brain changed mid-session has a header of its own.
  const brain = headerOf(recording, agent, afterIteration).brains[agent];
  if (brain?.source === undefined)
    notes.push('the recording holds no text of the brain (a component, or a brain outside the recorded workspace)');
  const view: ForkPointView = {
    agent,
    afterIteration,
    memory: Object.fromEntries(memory),
    inbox,
    registries: [...open.values()].map(({ registry, uuid, source, openedAt, opener }) => ({
      registry,
      uuid,
      source,
      openedAt,
      info: opener ? { op: opener.op, args: JSON.stringify(opener.args) } : {},
    })),
    notes,
    ...(brain?.source !== undefined ? { source: brain.source } : {}),
  };
  return { view, open: [...open.values()], later, after, pointTime };
}

/** Timers are armed again from their due time; the other open sources get their recorded events. */
const isCarriedOn = (source: OpenAtFork | undefined): boolean => source !== undefined && source.source !== 'timer';

/** When an open timer is due (ms since the epoch), from its opening call; undefined for a cron timer. */
export function timerDue(timer: OpenAtFork): number | undefined {
  const opener = timer.opener;
  if (opener?.op === 'host.wait-for') return opener.time + Number(opener.args[0]);
  if (opener?.op === 'host.wait-until') return Number(opener.args[0]);
  return undefined;
}

function removeWhere<T>(items: T[], drop: (item: T) => boolean): void {
  const kept = items.filter((item) => !drop(item));
  items.length = 0;
  items.push(...kept);
}
