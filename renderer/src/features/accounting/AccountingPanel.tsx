// The Accounting panel: tokens, cost and calls of the session's own recording (or of a recording
// file in the workspace), per run, agent and iteration, and the selected iteration's waterfall.
// The session's view refreshes when an iteration ends; any view on Refresh.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  costText,
  type AccountingView,
  type IterationWaterfall,
  type UsageTotals,
} from '../../../../contract/accounting-views.ts';
import { traceLog } from '../../shared/trace/trace-log.ts';
import { clock, duration } from '../../shared/trace/trace-text.ts';
import { request, useWorkbench } from '../../core/workbench-store.ts';
import { Waterfall } from '../../shared/waterfall/Waterfall.tsx';
import './accounting.css';
import { counted } from '../../../../contract/counted.ts';

const ROW_HEIGHT = 22;

const tokensText = (totals: UsageTotals) =>
  `${counted(totals.tokens.total, 'token')} (${totals.tokens.prompt} prompt, ${totals.tokens.completion} completion)`;

/** How many iterations have ended, over every agent: the session's view refreshes when it grows. */
function useEndedIterations(): number {
  const agents = useWorkbench(useShallow((s) => s.workspace?.agents.map((a) => a.name) ?? []));
  useWorkbench((s) => s.traceVersion);
  return agents.reduce((sum, agent) => sum + traceLog.iterationsOf(agent).filter((i) => i.end !== undefined).length, 0);
}

export function AccountingPanel() {
  const [source, setSource] = useState<string | null>(null);
  const [pathText, setPathText] = useState('');
  const [view, setView] = useState<AccountingView | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [agent, setAgent] = useState<string | undefined>();
  const [position, setPosition] = useState<number | undefined>();
  const [waterfall, setWaterfall] = useState<IterationWaterfall | undefined>();
  const [refreshes, setRefreshes] = useState(0);
  const ended = useEndedIterations();
  const parent = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      request('accounting', source).then(
        (answer) => {
          if (!current) return;
          setView(answer);
          setError(undefined);
        },
        (failure: unknown) => current && setError((failure as Error).message),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [source, refreshes, source === null ? ended : 0]);

  const shownAgent = view?.agents.find((a) => a.agent === agent) ?? view?.agents[0];
  const iterations = shownAgent?.iterations ?? [];
  const selected = position !== undefined ? iterations[position] : iterations.at(-1);

  useEffect(() => {
    if (!shownAgent || !selected) return setWaterfall(undefined);
    let current = true;
    request('accountingWaterfall', source, shownAgent.agent, selected.position).then(
      (answer) => current && setWaterfall(answer),
      (failure: unknown) => current && setError((failure as Error).message),
    );
    return () => {
      current = false;
    };
  }, [view, shownAgent?.agent, selected?.position]);

  const virtualizer = useVirtualizer({
    count: iterations.length,
    getScrollElement: () => parent.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });

  return (
    <div className="accounting" data-testid="accounting">
      <div className="panel-toolbar">
        <span data-testid="accounting-source">{source === null ? 'This session' : source}</span>
        <input
          placeholder="recording file (e.g. runs/a.jsonl)"
          value={pathText}
          onChange={(e) => setPathText(e.target.value)}
          aria-label="recording file"
          data-testid="accounting-path"
        />
        <button
          onClick={() => setSource(pathText.trim() === '' ? null : pathText.trim())}
          data-testid="accounting-open"
        >
          Open
        </button>
        <button onClick={() => setSource(null)} disabled={source === null}>
          Session
        </button>
        <button onClick={() => setRefreshes((n) => n + 1)} data-testid="accounting-refresh">
          Refresh
        </button>
      </div>
      {error ? <div className="empty error-text">{error}</div> : null}
      {view ? (
        <div className="accounting-body">
          <div className="accounting-totals">
            <div className="accounting-run" data-testid="accounting-run">
              <b>Run</b> {counted(view.run.calls, 'call')}, {view.run.providerCalls} to providers,{' '}
              {tokensText(view.run)}, <span data-testid="accounting-run-cost">{costText(view.run.cost)}</span>
              {view.priced ? null : <span className="dim"> (no prices in the config)</span>}
            </div>
            {view.agents.map((a) => (
              <div
                key={a.agent}
                className={`accounting-agent ${a.agent === shownAgent?.agent ? 'selected' : ''}`}
                data-testid={`accounting-agent-${a.agent}`}
                onClick={() => {
                  setAgent(a.agent);
                  setPosition(undefined);
                }}
              >
                <b>{a.agent}</b> {counted(a.iterations.length, 'iteration')}, {counted(a.totals.calls, 'call')},{' '}
                {tokensText(a.totals)}, {costText(a.totals.cost)}
              </div>
            ))}
          </div>
          <div className="accounting-split">
            <div className="accounting-table" ref={parent} data-testid="accounting-iterations">
              <div className="accounting-row header">
                <span>#</span>
                <span>start</span>
                <span>duration</span>
                <span>calls</span>
                <span>chats</span>
                <span title="tokens in and out">tokens</span>
                <span title="cost at the configured prices">cost</span>
              </div>
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const row = iterations[item.index]!;
                  return (
                    <div
                      key={item.key}
                      className={`accounting-row ${row === selected ? 'selected' : ''} ${row.error ? 'failed' : ''}`}
                      data-testid="accounting-iteration"
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        right: 0,
                        transform: `translateY(${item.start}px)`,
                      }}
                      onClick={() => setPosition(row.position)}
                    >
                      <span>#{row.iteration}</span>
                      <span>{clock(row.startTime)}</span>
                      <span>{row.durationMs !== undefined ? duration(row.durationMs) : '…'}</span>
                      <span>{row.calls}</span>
                      <span>{row.providerCalls}</span>
                      <span data-testid="accounting-iteration-tokens" title={`${row.tokens.total} tokens`}>
                        {row.tokens.total}
                      </span>
                      <span data-testid="accounting-iteration-cost" title={costText(row.cost)}>
                        {costText(row.cost)}
                      </span>
                    </div>
                  );
                })}
              </div>
            </div>
            <div className="accounting-waterfall">
              {waterfall ? (
                <>
                  <div className="dim">
                    {waterfall.agent} #{waterfall.iteration}, {counted(waterfall.bars.length, 'call')}
                  </div>
                  <Waterfall waterfall={waterfall} />
                </>
              ) : (
                <div className="empty">No iteration recorded yet. Step or run an agent.</div>
              )}
            </div>
          </div>
        </div>
      ) : error ? null : (
        <div className="empty">Reading the recording…</div>
      )}
    </div>
  );
}
