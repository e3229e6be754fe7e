import { useShallow } from 'zustand/react/shallow';
import { memo, useEffect, useMemo, useState } from 'react';
import type { AgentStatus } from '../../../../contract/agent-status.ts';
import type { ResultTrace, TraceEvent } from '../../../../main/trace/trace-event.ts';
import { traceLog, type Iteration, type RestartMark } from '../../shared/trace/trace-log.ts';
import { clock, duration, restartText, sentence } from '../../shared/trace/trace-text.ts';
import { EventText } from '../../shared/values/EventText.tsx';
import { ValueText } from '../../shared/values/ValueText.tsx';
import { openFork } from '../recordings/recording-store.ts';
import { askWhy, clearWhy, goToCall, useDebug, type PastLog } from '../debug/debug-store.ts';
import { focusTrace } from '../../core/workbench-store.ts';
import type { WhyView } from '../../../../contract/debug-views.ts';
import { iterationRecording } from '../../shared/trace/iteration-recording.ts';
import { useWorkbench } from '../../core/workbench-store.ts';
import { iterationWaterfall } from '../../shared/waterfall/iteration-waterfall.ts';
import { Waterfall } from '../../shared/waterfall/Waterfall.tsx';
import { TimeAxis } from '../../shared/time/TimeAxis.tsx';
import { iterationOutcome } from '../../shared/trace/iteration-outcome.ts';
import './timeline.css';
import { counted } from '../../../../contract/counted.ts';
import { SHORTCUTS } from '../../app/shortcuts.ts';

/** What a running iteration is doing now, from its agent's live status. */
function runningText(status: AgentStatus | undefined): string {
  if (status?.state === 'paused' && status.pausedAt) return `paused before ${status.pausedAt.op}`;
  if (status?.state === 'waiting') return 'waiting in recv';
  return 'running…';
}

/** A call's arguments that omw's trace leaves out (memory_set's value), beside its detail. */
function Omitted({ result }: { result: ResultTrace | undefined }) {
  if (!result?.omitted) return null;
  return (
    <span className="omitted" title="Not in omw's trace: assertions cannot match it">
      {Object.entries(result.omitted).map(([key, value]) => (
        <span key={key}>
          {' '}
          {key}: <ValueText value={JSON.stringify(value)} title={key} />
        </span>
      ))}
    </span>
  );
}

interface EventLineProps {
  event: TraceEvent;
  result?: ResultTrace;
  focused: boolean;
  /** The stopped agent whose past holds the event: a host call can then be gone back to. */
  travelAgent: string | undefined;
}

/** The chain "Why?" found for a call: each answer an argument came from, opening its call. */
function WhyChain({ why, travelAgent }: { why: WhyView; travelAgent: string | undefined }) {
  return (
    <div className="why-chain" data-testid="why-chain">
      <button className="row-action" onClick={clearWhy} title="Close">
        ✕
      </button>
      {why.links.length === 0 ? <div>No earlier answer holds these arguments: the brain made them.</div> : null}
      <ol>
        {why.links.map((link, i) => (
          <li key={i} data-testid="why-chain-link" style={{ marginLeft: `${depthOf(why, i) * 12}px` }}>
            <span className="why-argument">{link.argument}</span> ← {link.op} answer{' '}
            <button
              className="link"
              disabled={link.seq === undefined}
              title="Show the call in the timeline"
              onClick={() => link.seq !== undefined && focusTrace(link.seq)}
            >
              #{link.iteration} call {link.call + 1}
            </button>{' '}
            {travelAgent && link.seq !== undefined ? (
              <button
                className="link"
                title="Go back to the statement that made this call (time travel)"
                onClick={() => void goToCall(travelAgent, link.seq!)}
              >
                ↶ brain line
              </button>
            ) : null}{' '}
            <ValueText value={link.value} title={link.argument} />
          </li>
        ))}
      </ol>
      {why.made.length > 0 ? (
        <div className="dim">made by the brain (no earlier answer holds it): {why.made.join(', ')}</div>
      ) : null}
    </div>
  );
}

/** How far down the chain a link is: the asked call's arguments are at 0. */
function depthOf(why: WhyView, index: number): number {
  let depth = 0;
  for (let link = why.links[index]!.for; link >= 0; link = why.links[link]!.for) depth++;
  return depth;
}

function EventLine({ event, result, focused, travelAgent }: EventLineProps) {
  const call = event.type === 'call' || event.type === 'host-call';
  const agent = useWorkbench((s) => s.selectedAgent);
  const why = useDebug((s) => (s.why && s.why.agent === agent ? s.why.answer : undefined));
  const asked = why !== undefined && why.seq === event.seq;
  const feeds = why?.links.filter((link) => link.seq === event.seq) ?? [];
  return (
    <li
      className={`event type-${event.type} ${focused ? 'focused' : ''} ${feeds.length > 0 ? 'why-link' : ''}`}
      data-testid={`event-${event.type}`}
    >
      <span className="time">{clock(event.time)}</span> <EventText event={event} />
      {event.type === 'call' ? <Omitted result={result} /> : null}
      {feeds.length > 0 ? (
        <span className="why-feeds" data-testid="why-feeds">
          {' '}
          → {[...new Set(feeds.map((link) => link.argument))].join(', ')}
        </span>
      ) : null}
      {call && agent ? (
        <button
          className="row-action"
          data-testid="why-call"
          title="Where did this call's arguments come from?"
          onClick={() => void askWhy(agent, event.seq)}
        >
          Why?
        </button>
      ) : null}
      {call && travelAgent ? (
        <button
          className="row-action"
          data-testid="go-to-call"
          title="Go back to the statement that made this call, before it was made (time travel)"
          onClick={() => void goToCall(travelAgent, event.seq)}
        >
          ↶ Go to call
        </button>
      ) : null}
      {asked ? <WhyChain why={why} travelAgent={travelAgent} /> : null}
    </li>
  );
}

/** An opened iteration says how it ended first, whole, before its events. */
function OutcomeLine({ iteration }: { iteration: Iteration }) {
  const outcome = iterationOutcome(iteration);
  if (outcome.kind === 'running') return null;
  return (
    <div className={`iteration-outcome kind-${outcome.kind}`} data-testid="iteration-outcome">
      <span className={outcome.kind === 'failed' ? 'error-text' : 'ok-text'}>{outcome.headline}</span>
      {outcome.message !== undefined ? (
        <>
          {' '}
          — <ValueText value={outcome.message} limit={400} title="The iteration's last message" />
        </>
      ) : null}
    </div>
  );
}

interface IterationRowProps {
  iteration: Iteration;
  /** The iteration grows in place: its rendering changes with these. */
  events: number;
  ended: boolean;
  focusSeq: number | undefined;
  /** The agent's live status, for the iteration it is running. */
  status: AgentStatus | undefined;
  /** The recording that holds the iteration, to fork it from; undefined when none is kept. */
  recording: string | undefined;
  /** The agent is stopped: its host calls can be gone back to (time travel). */
  stopped: boolean;
  /** What logpoints added later said in this iteration (logpoints in the past). */
  pastLogs: readonly PastLog[] | undefined;
}

/** Rows re-render only when their iteration changed: a looping agent adds dozens a second. */
const IterationRow = memo(IterationRowView);

function IterationRowView({ iteration, focusSeq, status, recording, stopped, pastLogs }: IterationRowProps) {
  const agent = useWorkbench((s) => s.selectedAgent);
  const holdsFocus = focusSeq !== undefined && iteration.events.some((e) => e.seq === focusSeq);
  const [open, setOpen] = useState(holdsFocus);
  const [asWaterfall, setAsWaterfall] = useState(false);
  useEffect(() => {
    if (holdsFocus) setOpen(true);
  }, [holdsFocus]);
  const results = useMemo(
    () => new Map(iteration.events.flatMap((e) => (e.type === 'result' ? [[e.callSeq, e] as const] : []))),
    [iteration.events.length, iteration],
  );
  const ended = iteration.end !== undefined;
  const outcome = iterationOutcome(iteration);
  const headline = outcome.kind === 'running' ? runningText(status) : outcome.headline;
  const said = outcome.message === undefined ? '' : ` — ${outcome.message}`;
  const result = (
    <span
      className={`outcome ${outcome.kind === 'failed' ? 'error-text' : 'ok-text'}`}
      title={`${headline}${said}`}
      data-testid="iteration-outcome-summary"
    >
      {headline}
      {said ? <span className="said">{said}</span> : null}
    </span>
  );
  const calls = iteration.events.filter((e) => e.type === 'call' || e.type === 'host-call').length;
  return (
    <li className="iteration" data-testid="iteration-row" data-iteration={iteration.iteration}>
      <div className="iteration-head" onClick={() => setOpen(!open)} role="button" aria-expanded={open}>
        <span className="chevron">{open ? '▾' : '▸'}</span>
        <span className="num">#{iteration.iteration}</span>
        <span className="trigger">{iteration.trigger}</span>
        <span className="time">{clock(iteration.start)}</span>
        <span className="duration" data-testid="iteration-duration">
          {iteration.durationMs !== undefined ? duration(iteration.durationMs) : '…'}
          {iteration.heldMs !== undefined ? ` (+${duration(iteration.heldMs)} held)` : ''}
        </span>
        <span className="calls">{counted(calls, 'call')}</span>
        {result}
        {pastLogs ? (
          <span className="past-logs" data-testid="past-logs" title="What logpoints added later said in this iteration">
            {pastLogs.map((log) => `${log.line}: ${log.text}`).join(' · ')}
          </span>
        ) : null}
        {ended && agent && recording ? (
          <button
            className="row-action"
            title={`Fork ${recording} from the state after iteration ${iteration.iteration}`}
            data-testid="fork-here"
            onClick={(event) => {
              event.stopPropagation();
              openFork({ path: recording, agent, afterIteration: iteration.iteration });
            }}
          >
            Fork from here
          </button>
        ) : null}
      </div>
      {open ? (
        <div className="iteration-view-switch" role="group" aria-label="show the iteration as">
          <button aria-pressed={!asWaterfall} onClick={() => setAsWaterfall(false)} data-testid="show-events">
            Events
          </button>
          <button aria-pressed={asWaterfall} onClick={() => setAsWaterfall(true)} data-testid="show-waterfall">
            Waterfall
          </button>
        </div>
      ) : null}
      {open && asWaterfall ? (
        <div className="iteration-waterfall">
          <Waterfall waterfall={iterationWaterfall(iteration)} />
        </div>
      ) : null}
      {open ? <OutcomeLine iteration={iteration} /> : null}
      {open && !asWaterfall ? (
        <ol className="iteration-events">
          {iteration.events.map((event) => (
            <EventLine
              key={event.seq}
              event={event}
              result={event.type === 'call' ? results.get(event.seq) : undefined}
              focused={event.seq === focusSeq}
              travelAgent={stopped ? (agent ?? undefined) : undefined}
            />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

type TimelineRow =
  | { seq: number; iteration: Iteration; recording: string | undefined; mark?: undefined }
  | { seq: number; iteration?: undefined; mark: RestartMark };

function RestartDivider({ mark }: { mark: RestartMark }) {
  return (
    <li className="restart-divider" data-testid="restart-divider">
      <span>
        {sentence(restartText(mark.cause))} at {clock(mark.time)}
        {mark.cause === 'agent' ? '' : ': iterations count from 1 again'}
      </span>
    </li>
  );
}

export function TimelinePanel() {
  const agent = useWorkbench((s) => s.selectedAgent);
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  const version = useWorkbench((s) => s.traceVersion);
  const focusSeq = useWorkbench((s) => s.focusSeq);
  const [axis, setAxis] = useState(false);
  const status = useWorkbench((s) => (agent ? s.statuses[agent] : undefined));
  const session = useWorkbench((s) => s.workspace?.session);
  const live = session && 'recording' in session ? session.recording : undefined;
  // Newest first, restarts between the iterations they separate.
  const rows = useMemo((): TimelineRow[] => {
    if (!agent) return [];
    const iterations = traceLog.iterationsOf(agent).slice(-300);
    const oldest = iterations[0]?.seq ?? 0;
    const marks = traceLog.restartsOf(agent);
    return [
      ...iterations.map((iteration) => ({
        seq: iteration.seq,
        iteration,
        recording: iterationRecording(iteration.seq, marks, live),
      })),
      ...marks.filter((mark) => mark.seq > oldest).map((mark) => ({ seq: mark.seq, mark })),
    ].sort((a, b) => b.seq - a.seq);
  }, [agent, version, live]);
  const latest = rows.find((row) => row.iteration)?.iteration;
  const agentLogs = useDebug((s) => (agent ? s.pastLogs[agent] : undefined));
  const pastLogs = useMemo(() => {
    const byIteration = new Map<number, PastLog[]>();
    for (const log of agentLogs ?? []) {
      const list = byIteration.get(log.iteration);
      if (list) list.push(log);
      else byIteration.set(log.iteration, [log]);
    }
    return byIteration;
  }, [agentLogs]);
  return (
    <div className="timeline" data-testid="timeline">
      <div className="panel-toolbar">
        <span>{axis ? 'All agents on one time axis' : `Iterations of ${agent ?? '—'} (newest first)`}</span>
        <button onClick={() => setAxis(!axis)} data-testid="toggle-time-axis">
          {axis ? 'Per-agent list' : 'Time axis'}
        </button>
      </div>
      {axis ? (
        <TimeAxis agents={agents} />
      ) : rows.length === 0 ? (
        <div className="empty" data-testid="timeline-empty">
          No iterations of {agent ?? 'this agent'} yet. Press Step ({SHORTCUTS.step}) or Run ({SHORTCUTS.run}).
        </div>
      ) : (
        <ul className="iterations">
          {rows.map((row) =>
            row.iteration ? (
              <IterationRow
                key={row.seq}
                iteration={row.iteration}
                recording={row.recording}
                events={row.iteration.events.length}
                ended={row.iteration.end !== undefined}
                focusSeq={focusSeq}
                status={row.iteration === latest ? status : undefined}
                stopped={status?.state === 'paused'}
                pastLogs={pastLogs.get(row.iteration.iteration)}
              />
            ) : (
              <RestartDivider key={row.seq} mark={row.mark} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}
