import { useState } from 'react';
import type { TestCaseResult } from '../../../../contract/views.ts';
import { clock } from '../../shared/trace/trace-text.ts';
import { EventText } from '../../shared/values/EventText.tsx';
import { runTests, useWorkbench } from '../../core/workbench-store.ts';

/** The run's trace, from the start to the last event the matcher saw; the failure's end is marked. */
function TestTrace({ result }: { result: TestCaseResult }) {
  const events = result.trace.filter((e) => e.type !== 'result');
  return (
    <ol className="test-trace" data-testid="test-trace">
      {events.map((event, i) => (
        <li
          key={event.seq}
          className={`event type-${event.type} ${!result.pass && i === events.length - 1 ? 'focused' : ''}`}
        >
          <span className="time">{clock(event.time)}</span> <strong>{event.agent}</strong> <EventText event={event} />
        </li>
      ))}
    </ol>
  );
}

function Result({ result }: { result: TestCaseResult }) {
  const [showTrace, setShowTrace] = useState(false);
  return (
    <li className={`test-result ${result.pass ? 'pass' : 'fail'}`} data-testid="test-result" data-pass={result.pass}>
      <div className="row">
        <span className={result.pass ? 'ok-text' : 'error-text'}>{result.pass ? 'PASS' : 'FAIL'}</span>{' '}
        <code>{result.file}</code>
        <span className="duration">{result.durationMs.toFixed(0)} ms</span>
        <button onClick={() => setShowTrace(!showTrace)}>{showTrace ? 'Hide trace' : 'Trace'}</button>
      </div>
      {!result.pass ? <pre className="report">{result.report}</pre> : null}
      {showTrace ? <TestTrace result={result} /> : null}
    </li>
  );
}

export function TestsPanel() {
  const running = useWorkbench((s) => s.testsRunning);
  const results = useWorkbench((s) => s.testResults);
  const passed = results?.filter((r) => r.pass).length ?? 0;
  return (
    <div className="tests" data-testid="tests-panel">
      <div className="panel-toolbar">
        <button onClick={() => void runTests()} disabled={running} data-testid="run-tests">
          {running ? 'Running…' : 'Run workspace tests'}
        </button>
        {results ? (
          <span data-testid="tests-tally">
            {passed} passed, {results.length - passed} failed
          </span>
        ) : null}
      </div>
      {running ? <div className="progress">Running every omw.test.* file of the workspace with its mocks…</div> : null}
      {!results && !running ? (
        <div className="empty">Runs the workspace's omw.test.toml files, as `brainbench test` does.</div>
      ) : null}
      {results?.length === 0 ? <div className="empty">This workspace has no omw.test.* files.</div> : null}
      <ul>
        {results?.map((r) => (
          <Result key={r.file} result={r} />
        ))}
      </ul>
    </div>
  );
}
