// An iteration's host calls on its time axis: one bar per call from its start to its return, and
// for a stream or a queued tool call a lighter tail to its end event. Provider calls show their
// tokens and cost. Reusable: the timeline shows the same bars.

import {
  costText,
  moneyText,
  type IterationWaterfall,
  type WaterfallBar,
} from '../../../../contract/accounting-views.ts';
import { duration } from '../trace/trace-text.ts';
import '../../features/accounting/accounting.css';
import { counted } from '../../../../contract/counted.ts';

function usageText(bar: WaterfallBar): string {
  if (!bar.usage) return '';
  const { tokens, cost } = bar.usage;
  const money = cost ? moneyText(cost.amount, cost.currency) : costText({ amounts: {}, unpriced: 1 });
  return `${counted(tokens.total, 'token')} (${tokens.prompt} + ${tokens.completion}), ${money}`;
}

export function Waterfall({ waterfall }: { waterfall: IterationWaterfall }) {
  const { bars } = waterfall;
  const span = Math.max(
    waterfall.durationMs ?? 0,
    ...bars.map((bar) => bar.heldMs ?? 0),
    ...bars.map((bar) => Math.max(bar.endMs ?? 0, bar.startMs + bar.durationMs)),
    0.001,
  );
  const at = (ms: number) => `${(Math.max(0, ms) / span) * 100}%`;
  return (
    <div className="waterfall" data-testid="waterfall">
      <div className="waterfall-scale">
        <span>0 ms</span>
        <span>{duration(span / 2)}</span>
        <span>{duration(span)}</span>
      </div>
      {bars.length === 0 ? <div className="empty">The iteration made no host call.</div> : null}
      {bars.map((bar) => {
        const usage = usageText(bar);
        const label = `${bar.op} ${duration(bar.durationMs)}${bar.endMs !== undefined ? `, until ${duration(bar.endMs - bar.startMs)}${bar.open ? ' (still open)' : ''}` : ''}`;
        return (
          <div
            key={bar.index}
            className={`waterfall-row ${bar.ok ? '' : 'failed'}`}
            data-testid="waterfall-bar"
            data-op={bar.op}
            title={`#${bar.index} ${label} at +${duration(bar.startMs)}${bar.heldMs !== undefined ? `, after ${duration(bar.heldMs)} held` : ''}${usage ? `\n${usage}` : ''}`}
          >
            <span className="waterfall-label">
              <span className="op">{bar.op}</span> <span className="dur">{duration(bar.durationMs)}</span>
              {usage ? <span className="usage"> {usage}</span> : null}
              {bar.heldMs !== undefined ? (
                <span className="held-text" data-testid="waterfall-held">
                  {' '}
                  held {duration(bar.heldMs)}
                </span>
              ) : null}
            </span>
            <span className="waterfall-track">
              {bar.heldMs !== undefined ? (
                <span
                  className="waterfall-held"
                  title={`held ${duration(bar.heldMs)} before the call`}
                  style={{ left: at(bar.startMs - bar.heldMs), width: `max(1px, ${at(bar.heldMs)})` }}
                />
              ) : null}
              {bar.endMs !== undefined ? (
                <span
                  className={`waterfall-span ${bar.open ? 'open' : ''}`}
                  style={{ left: at(bar.startMs), width: `max(1px, ${at(bar.endMs - bar.startMs)})` }}
                />
              ) : null}
              <span
                className={`waterfall-call ${bar.usage ? 'provider' : ''}`}
                style={{ left: at(bar.startMs), width: `max(2px, ${at(bar.durationMs)})` }}
              />
            </span>
          </div>
        );
      })}
    </div>
  );
}
