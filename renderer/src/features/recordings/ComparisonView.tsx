import { byInterest } from './comparison-order.ts';
import type { AgentDiff, CallPairDiff, DiffCall, JsonChange } from '../../../../contract/recording-views.ts';
import { closeComparison, useRecordings } from './recording-store.ts';
import { JsonValue } from '../../shared/values/JsonValue.tsx';
import { delta } from './recording-text.ts';

function Changes({ changes, testId }: { changes: JsonChange[]; testId: string }) {
  if (changes.length === 0) return null;
  return (
    <ul className="json-changes" data-testid={testId}>
      {changes.map((c, i) => (
        <li key={i} className={`change-${c.kind}`}>
          <code>{c.path || '(whole value)'}</code> {c.kind}:{' '}
          {c.kind !== 'added' ? <code className="before">{JSON.stringify(c.before)}</code> : null}
          {c.kind === 'changed' ? ' → ' : null}
          {c.kind !== 'removed' ? <code className="after">{JSON.stringify(c.after)}</code> : null}
        </li>
      ))}
    </ul>
  );
}

function CallSide({ side, call }: { side: string; call: DiffCall | undefined }) {
  return (
    <div>
      <div className="label">{side}</div>
      {call ? (
        <>
          <strong className="op">{call.op}</strong>
          <JsonValue value={call.args} />
          <div className="label">answer</div>
          <JsonValue value={call.answer} />
        </>
      ) : (
        <em>no call here</em>
      )}
    </div>
  );
}

function Pair({ pair, changes }: { pair: CallPairDiff; changes: 'args' | 'answer' }) {
  return (
    <div className="call-pair">
      <div>
        iteration {pair.iteration} call {pair.call}
      </div>
      <div className="columns">
        <CallSide side="A" call={pair.a} />
        <CallSide side="B" call={pair.b} />
      </div>
      <Changes changes={pair[changes]} testId={changes === 'args' ? 'args-changes' : 'answer-changes'} />
    </div>
  );
}

function AgentComparison({ diff }: { diff: AgentDiff }) {
  const verdict = diff.onlyIn ? `only in ${diff.onlyIn.toUpperCase()}` : diff.divergence ? 'diverged' : 'same';
  return (
    <section className="agent-comparison" data-testid="agent-comparison" data-agent={diff.agent} data-verdict={verdict}>
      <h4>
        {diff.agent}: <span className={diff.divergence ? 'error-text' : 'ok-text'}>{verdict}</span>
      </h4>
      <table className="comparison-figures">
        <thead>
          <tr>
            <th />
            <th>A</th>
            <th>B</th>
            <th>Δ</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>iterations</td>
            <td>{diff.iterations.a}</td>
            <td>{diff.iterations.b}</td>
            <td>{delta(diff.iterations.a, diff.iterations.b)}</td>
          </tr>
          <tr>
            <td>time (ms)</td>
            <td>{diff.timeMs.a.toFixed(1)}</td>
            <td>{diff.timeMs.b.toFixed(1)}</td>
            <td>{delta(diff.timeMs.a, diff.timeMs.b, 1)}</td>
          </tr>
          <tr>
            <td>tokens</td>
            <td>{diff.tokens.a.total}</td>
            <td>{diff.tokens.b.total}</td>
            <td>{delta(diff.tokens.a.total, diff.tokens.b.total)}</td>
          </tr>
        </tbody>
      </table>
      {diff.divergence ? (
        <div className="first-divergence" data-testid="first-divergence">
          <strong>First divergence</strong>
          <Pair pair={diff.divergence} changes="args" />
        </div>
      ) : null}
      {diff.otherAnswers.length > 0 ? (
        <div className="other-answers" data-testid="other-answers">
          <strong>Same calls, other answers ({diff.otherAnswers.length})</strong>
          {diff.otherAnswers.map((pair) => (
            <Pair key={`${pair.iteration}.${pair.call}`} pair={pair} changes="answer" />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Two recordings side by side, per agent. */
export function ComparisonView() {
  const comparison = useRecordings((s) => s.comparison);
  if (comparison === undefined) return null;
  if (comparison === 'running') return <div className="progress">Comparing…</div>;
  return (
    <div className="comparison" data-testid="comparison">
      <div className="panel-toolbar comparison-head" data-testid="comparison-head">
        <span>
          A <code>{comparison.a}</code> · B <code>{comparison.b}</code>
        </span>
        <button onClick={closeComparison} aria-label="close the comparison">
          ×
        </button>
      </div>
      {byInterest(comparison.agents).map((diff) => (
        <AgentComparison key={diff.agent} diff={diff} />
      ))}
      <details>
        <summary>As `brainbench diff` prints it</summary>
        <pre data-testid="comparison-text">{comparison.text}</pre>
      </details>
    </div>
  );
}
