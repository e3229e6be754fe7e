// Where a fork of every agent starts each one live (docs/counterfactuals.md, Fork every agent): a
// consistent cut over the agents' iteration boundaries, so that no agent is past a message
// another has not yet sent. The forked agent is cut where the user said; every other agent at the
// last boundary it reached by then (its iterations that ended before the fork point), moved later
// when the forked agent's prefix received a message the other sends in a later iteration, and
// earlier while it would receive a message its sender's prefix does not send. Messages are the
// bus's `message` deliveries, each paired with the `send-agent` call that made it.

import type { CutAgentView, ForkCutView } from '../../contract/counterfactual-views.ts';
import type { EventEnvelope } from '../host-api/wit-types.generated.ts';
import { RecordingError, type ReadLine } from './recording-reader.ts';
import type { Recording } from './recording.ts';

/** One message from one agent to another, and where each side was. */
export interface CutMessage {
  from: string;
  to: string;
  envelope: EventEnvelope;
  /** The line of its delivery, for the inbox's order. */
  line: number;
  /** The position (0-based) of the sender's iteration that sent it. */
  sentIn: number;
  /** The position of the receiver's iteration that received it; undefined when it never did. */
  receivedIn?: number;
}

export interface ForkCut {
  view: ForkCutView;
  /** Per agent, how many of its recorded iterations it replays. */
  replayed: Map<string, number>;
  messages: CutMessage[];
  /** Per delivered envelope, its line: the order a restored inbox keeps. */
  deliveryLines: Map<EventEnvelope, number>;
}

const iterationsBefore = (recording: Recording, agent: string, afterIteration: number): number =>
  recording.agents.get(agent)!.iterations.filter((iteration) => iteration.iteration <= afterIteration).length;

/** The recorded iteration number an agent's cut is after (0: before its first). */
export const cutIteration = (recording: Recording, agent: string, replayed: number): number =>
  replayed === 0 ? 0 : recording.agents.get(agent)!.iterations[replayed - 1]!.iteration;

/** Every agent-to-agent message of the recording, with the iterations that sent and received it. */
export function recordedMessages(lines: readonly ReadLine[]): Pick<ForkCut, 'messages' | 'deliveryLines'> {
  const messages: CutMessage[] = [];
  const deliveryLines = new Map<EventEnvelope, number>();
  const position = new Map<string, number>();
  /** Subscription uuid -> the agent it listens to. */
  const sources = new Map<string, string>();
  /** Delivered, and not yet paired with the call that sent it (a receiver may take it before the call's line is written). */
  const unpaired: { to: string; envelope: EventEnvelope; line: number; receivedIn?: number }[] = [];
  /** Paired, and not yet received. */
  const unreceived: CutMessage[] = [];
  lines.forEach((read, index) => {
    if (!('line' in read)) return;
    const { line } = read;
    if (line.kind === 'delivered') {
      deliveryLines.set(line.envelope, index);
      if (line.envelope.event.kind === 'message')
        unpaired.push({ to: line.agent, envelope: line.envelope, line: index });
    } else if (line.kind === 'trace') {
      const { event } = line;
      if (event.type === 'iteration-start') position.set(event.agent, (position.get(event.agent) ?? -1) + 1);
      if (event.type === 'inbound' && event.event.kind === 'message') {
        const data = event.event.data;
        const at = unreceived.findIndex(
          (m) => m.to === event.agent && m.envelope.id === event.id && sameData(m.envelope, data),
        );
        if (at >= 0) unreceived.splice(at, 1)[0]!.receivedIn = position.get(event.agent);
        else {
          const early = unpaired.find(
            (d) =>
              d.to === event.agent &&
              d.receivedIn === undefined &&
              d.envelope.id === event.id &&
              sameData(d.envelope, data),
          );
          if (early) early.receivedIn = position.get(event.agent);
        }
      }
    } else if (line.kind === 'call' && line.ok) {
      if (line.op === 'host.subscribe-agent' && typeof line.value === 'string')
        sources.set(line.value, String(line.args[0]));
      if (line.op !== 'host.send-agent') return;
      // The delivery comes before the call's line, which is written once the call returned.
      const to = String(line.args[0]);
      const at = unpaired.findIndex(
        (d) =>
          d.to === to &&
          sameData(d.envelope, line.args[1]) &&
          (sources.get(d.envelope.id) ?? line.agent) === line.agent,
      );
      if (at < 0) return;
      const { envelope, line: delivered, receivedIn } = unpaired.splice(at, 1)[0]!;
      const sentIn = position.get(line.agent) ?? 0;
      const message: CutMessage = { from: line.agent, to, envelope, line: delivered, sentIn };
      messages.push(message);
      if (receivedIn !== undefined) message.receivedIn = receivedIn;
      else unreceived.push(message);
    }
  });
  return { messages, deliveryLines };
}

const sameData = (envelope: EventEnvelope, data: unknown): boolean =>
  envelope.event.kind === 'message' && envelope.event.data === data;

/**
 * The consistent cut of a fork of every agent at `agent`'s boundary after recorded iteration
 * `afterIteration`; `agents` are those the branch runs (the recording's, in the workspace).
 */
export function forkCut(
  recording: Recording,
  lines: readonly ReadLine[],
  agent: string,
  afterIteration: number,
  agents: readonly string[],
): ForkCut {
  const forked = recording.agents.get(agent);
  if (!forked) throw new RecordingError(`no agent "${agent}" in the recording`);
  const { messages, deliveryLines } = recordedMessages(lines);
  const cutAt = iterationsBefore(recording, agent, afterIteration);
  // The fork point: when the forked agent's next iteration started (or the recording's last moment).
  const point = forked.iterations[cutAt]?.events[0]?.time ?? Infinity;
  const count = (name: string) => recording.agents.get(name)?.iterations.length ?? 0;
  const within = (name: string) => agents.includes(name);

  // The least each agent must replay: the senders of what the forked agent's prefix received, and so on.
  const least = new Map(agents.map((name) => [name, name === agent ? cutAt : 0]));
  const raisedBy = new Map<string, string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const m of messages) {
      if (!within(m.from) || !within(m.to) || m.receivedIn === undefined) continue;
      if (m.receivedIn < least.get(m.to)! && m.sentIn >= least.get(m.from)!) {
        if (m.from === agent)
          throw new RecordingError(
            `${agent}'s iteration ${afterIteration} depends on a message it sent later: no consistent cut holds it`,
          );
        least.set(m.from, m.sentIn + 1);
        raisedBy.set(m.from, m.to);
        changed = true;
      }
    }
  }
  const cut = new Map<string, number>();
  const reasons = new Map<string, string>();
  for (const name of agents) {
    if (name === agent) {
      cut.set(name, cutAt);
      reasons.set(name, 'the fork point');
      continue;
    }
    const iterations = recording.agents.get(name)?.iterations ?? [];
    let ended = 0;
    while (ended < iterations.length && (iterations[ended]!.end?.time ?? Infinity) <= point) ended++;
    const least_ = least.get(name)!;
    cut.set(name, Math.max(ended, least_));
    reasons.set(
      name,
      least_ > ended
        ? `${raisedBy.get(name)} received a message it sent in its iteration ${cutIteration(recording, name, least_)} before the fork point`
        : 'the iterations it ended before the fork point',
    );
  }
  // No agent receives what its sender's prefix does not send.
  for (let changed = true; changed;) {
    changed = false;
    for (const m of messages) {
      if (!within(m.from) || !within(m.to) || m.receivedIn === undefined) continue;
      if (m.receivedIn < cut.get(m.to)! && m.sentIn >= cut.get(m.from)!) {
        cut.set(m.to, m.receivedIn);
        reasons.set(
          m.to,
          `its iteration ${recording.agents.get(m.to)!.iterations[m.receivedIn]!.iteration} receives a message ${m.from} sends after its own cut`,
        );
        changed = true;
      }
    }
  }
  const views: CutAgentView[] = agents.map((name) => ({
    agent: name,
    afterIteration: cutIteration(recording, name, cut.get(name)!),
    replayed: cut.get(name)!,
    of: count(name),
    reason: reasons.get(name)!,
  }));
  return { view: { agent, afterIteration, agents: views }, replayed: cut, messages, deliveryLines };
}

/**
 * An agent's inbox at the cut, for what agents sent it: the messages its senders' prefixes sent and
 * its own prefix did not receive, with `inbox` (the other events at its own fork point) in delivery order.
 */
export function inboxAtCut(cut: ForkCut, agent: string, inbox: readonly EventEnvelope[]): EventEnvelope[] {
  // Messages from an agent the branch does not run stay as the agent's own fork point has them.
  const paired = new Set(cut.messages.filter((m) => cut.replayed.has(m.from)).map((m) => m.envelope));
  const sent = cut.messages.filter(
    (m) =>
      m.to === agent &&
      cut.replayed.has(m.from) &&
      m.sentIn < cut.replayed.get(m.from)! &&
      (m.receivedIn === undefined || m.receivedIn >= cut.replayed.get(agent)!),
  );
  const others = inbox.filter((envelope) => !paired.has(envelope));
  const order = (envelope: EventEnvelope) => cut.deliveryLines.get(envelope) ?? Infinity;
  return [...others, ...sent.map((m) => m.envelope)].sort((a, b) => order(a) - order(b));
}
