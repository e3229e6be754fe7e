import type { RecordedCallView, RecordedIterationView } from '../../../../contract/recording-views.ts';
import { clock, duration } from '../../shared/trace/trace-text.ts';
import { EventText } from '../../shared/values/EventText.tsx';
import { useRecordings } from './recording-store.ts';
import { JsonValue } from '../../shared/values/JsonValue.tsx';
import { describeResult, formatTokens } from './recording-text.ts';

function CallBlock({ call }: { call: RecordedCallView }) {
  return (
    <li className={`recorded-call ${call.ok ? '' : 'failed'}`} data-testid="recorded-call" data-op={call.op}>
      <div className="call-head">
        <span className="num">{call.index}.</span>
        <strong className="op">{call.op}</strong>
        <span className="time">
          +{duration(call.startMs)} · {duration(call.durationMs)}
        </span>
        {call.local ? <span className="badge">answered by the agent process</span> : null}
      </div>
      <div className="call-body">
        <div>
          <div className="label">arguments</div>
          <JsonValue value={call.args} testId="call-args" />
        </div>
        <div>
          <div className="label">{call.ok ? 'result' : 'error'}</div>
          {call.ok ? (
            <JsonValue value={call.value} testId="call-result" />
          ) : (
            <pre className="error-text" data-testid="call-error">
              {call.error}
            </pre>
          )}
        </div>
      </div>
    </li>
  );
}

function Detail({ detail }: { detail: RecordedIterationView }) {
  return (
    <div className="iteration-detail" data-testid="iteration-detail" data-iteration={detail.iteration}>
      <div className="detail-head">
        <strong>
          {detail.agent} #{detail.iteration}
        </strong>{' '}
        {detail.trigger} at {clock(detail.startTime)} · {duration(detail.durationMs)} · {formatTokens(detail.tokens)} ·{' '}
        <span className={detail.result?.kind === 'failed' ? 'error-text' : 'ok-text'}>
          {describeResult(detail.result)}
        </span>
      </div>
      <h4>Host calls ({detail.calls.length})</h4>
      <ol className="recorded-calls">
        {detail.calls.map((call) => (
          <CallBlock key={call.index} call={call} />
        ))}
      </ol>
      <h4>Trace events ({detail.events.length})</h4>
      <ol className="iteration-events" data-testid="recorded-events">
        {detail.events.map((event, i) => (
          <li key={i} className={`event type-${event.type}`}>
            <span className="time">{clock(event.time)}</span> <EventText event={event} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The selected recorded iteration in full, or what to do to see one. */
export function IterationDetail() {
  const selected = useRecordings((s) => s.selected);
  const detail = useRecordings((s) => s.detail);
  if (selected === undefined) return <div className="empty">Select an iteration to see its calls and events.</div>;
  if (!detail) return <div className="progress">Reading iteration {selected}…</div>;
  return <Detail detail={detail} />;
}
