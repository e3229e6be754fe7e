import { useState } from 'react';
import { attempt, useWorkbench } from '../../core/workbench-store.ts';
import { useRecordings } from '../recordings/recording-store.ts';
import { addRecordingProbe, removeRecordingProbe, useRecordingPast } from '../recordings/recording-past-store.ts';
import { setLogpoint } from './debug-store.ts';

type Kind = 'log' | 'watch';

/** Where a probe in the past goes: the opened recording's selected agent, else the live session's. */
function usePastTarget(): { recording: string | undefined; agent: string | undefined; brain: string | undefined } {
  const opened = useRecordings((s) => s.opened);
  const recordedAgent = useRecordings((s) => s.agent);
  const selectedAgent = useWorkbench((s) => s.selectedAgent);
  const agents = useWorkbench((s) => s.workspace?.agents);
  const activeFile = useWorkbench((s) => s.activeFile);
  const agent = opened ? recordedAgent : selectedAgent;
  const brain = opened ? agents?.find((a) => a.name === agent)?.script : activeFile;
  return { recording: opened?.path, agent, brain };
}

/** Runs the probe: over the opened recording, or over the live session's ended iterations. */
function runProbe(kind: Kind, target: ReturnType<typeof usePastTarget>, line: number, text: string): void {
  const { recording, agent, brain } = target;
  if (!agent || !brain) return;
  if (recording) void addRecordingProbe({ kind, agent, brain, line, text });
  else if (kind === 'log') setLogpoint(brain, line, text);
  // The host says the values in the Debug output and the timeline's column.
  else void attempt('debugWatchInPast', agent, brain, line, text);
}

/**
 * "In the past": a logpoint or a watch expression on a brain line, run over every iteration that
 * already happened (docs/debugging.md#logpoints-in-the-past): the opened recording's, or the session's.
 */
export function PastProbePane() {
  const target = usePastTarget();
  const probes = useRecordingPast((s) => s.probes);
  const [kind, setKind] = useState<Kind>('log');
  const [line, setLine] = useState('');
  const [text, setText] = useState('');
  const lineNumber = Number(line);
  const ready =
    Boolean(target.agent && target.brain) && Number.isInteger(lineNumber) && lineNumber > 0 && text.trim() !== '';
  const shown = target.recording ? probes.filter((p) => p.agent === target.agent) : [];
  return (
    <details className="debug-pane" open data-testid="past-probes">
      <summary>In the past</summary>
      <div className="dim past-target" data-testid="past-target">
        {target.agent && target.brain
          ? `${target.brain} of ${target.agent}, over ${target.recording ? `the recording ${target.recording}` : "the session's ended iterations"}`
          : target.recording
            ? 'The selected agent is not in the workspace: its brain cannot run.'
            : 'Open a brain and select its agent.'}
      </div>
      <form
        className="past-probe-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          runProbe(kind, target, lineNumber, text);
          setText('');
        }}
      >
        <select value={kind} onChange={(e) => setKind(e.target.value as Kind)} aria-label="log or watch in the past">
          <option value="log">Log message</option>
          <option value="watch">Watch</option>
        </select>
        <input
          className="past-line"
          value={line}
          inputMode="numeric"
          onChange={(e) => setLine(e.target.value)}
          placeholder="line"
          aria-label="line in the past"
        />
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={kind === 'log' ? 'i={i} total={total}' : 'total'}
          aria-label={kind === 'log' ? 'log message in the past' : 'watch expression in the past'}
        />
        <button type="submit" disabled={!ready} data-testid="past-probe-run">
          Run over the past
        </button>
      </form>
      <ul className="past-probes">
        {shown.map((probe) => (
          <li key={`${probe.kind}:${probe.line}:${probe.text}`} data-testid="past-probe">
            <span className="variable-name">
              {probe.kind === 'watch' ? 'watch' : 'log'} {probe.line}: {probe.text}
            </span>{' '}
            <span className="dim">
              {probe.view === 'running'
                ? 'running…'
                : probe.view
                  ? `${probe.view.values.length} values, line ${probe.view.line}`
                  : ''}
            </span>
            <button className="remove" aria-label={`remove ${probe.text}`} onClick={() => removeRecordingProbe(probe)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
