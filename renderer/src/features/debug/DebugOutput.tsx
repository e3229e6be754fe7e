import { useDebug } from './debug-store.ts';
import { focusTrace, selectAgent } from '../../core/workbench-store.ts';
import { traceLog } from '../../shared/trace/trace-log.ts';
import { showRecordedIteration } from '../recordings/recording-store.ts';

/** Shows a past iteration of the agent in the timeline, opened. */
function showIteration(agent: string, number: number): void {
  const iteration = traceLog.iterationsOf(agent).find((i) => i.iteration === number);
  const first = iteration?.events[0];
  selectAgent(agent);
  if (first) focusTrace(first.seq);
}

/** Logpoints' messages and failing conditions, newest last; one from the past links to its iteration. */
export function DebugOutput() {
  const output = useDebug((s) => s.output);
  return (
    <details className="debug-pane" open={output.length > 0} data-testid="debug-output">
      <summary>Debug output{output.length > 0 ? ` (${output.length})` : ''}</summary>
      <ul className="debug-output">
        {output.slice(-100).map((line, i) => (
          <li key={i} data-testid="debug-output-line">
            <span className="dim">{line.agent}</span>{' '}
            {line.iteration === undefined ? null : (
              <button
                className="link"
                data-testid="past-iteration-link"
                title={`Show iteration ${line.iteration} ${line.recording ? `of ${line.recording}` : 'in the timeline'}`}
                onClick={() =>
                  line.recording
                    ? void showRecordedIteration(line.recording, line.agent, line.iteration!)
                    : showIteration(line.agent, line.iteration!)
                }
              >
                #{line.iteration}
              </button>
            )}{' '}
            {line.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
