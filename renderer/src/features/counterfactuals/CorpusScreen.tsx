import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import type { CorpusEntryView, CorpusStatus } from '../../../../contract/counterfactual-views.ts';
import { shortcutOf } from '../../app/shortcuts.ts';
import {
  cancelCorpus,
  openCorpusEntry,
  runCorpus,
  setCorpusFields,
  showCorpus,
  useCounterfactuals,
} from './counterfactual-store.ts';
import { ProgressBar } from '../../shared/progress/ProgressBar.tsx';
import './counterfactuals.css';

const ROW_HEIGHT = 26;

const STATUS_WORDS: Record<CorpusStatus, string> = {
  replayed: 'REPLAYED',
  diverged: 'DIVERGED',
  accepted: 'ACCEPTED',
  unchanged: 'UNCHANGED',
  error: 'ERROR',
};

/** What a row says after its status: the first differing call, or why it could not be replayed. */
function headline(entry: CorpusEntryView): string {
  if (entry.error) return entry.error;
  const diverged = entry.agents.find((agent) => agent.divergenceText);
  if (diverged) return diverged.divergenceText!.split('\n')[0]!;
  if (entry.status === 'unchanged') return 'an expected divergence that did not happen';
  return `${entry.agents.length} agent(s) as recorded`;
}

function Toolbar() {
  const folder = useCounterfactuals((s) => s.folder);
  const expect = useCounterfactuals((s) => s.expect);
  const progress = useCounterfactuals((s) => s.corpusProgress);
  const running = progress !== undefined && progress.ended === undefined;
  const onKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !running) void runCorpus();
  };
  return (
    <div className="panel-toolbar corpus-toolbar" data-testid="corpus-toolbar">
      <label>
        Folder of recordings
        <input
          value={folder}
          placeholder=". (the whole workspace)"
          onChange={(e) => setCorpusFields({ folder: e.target.value })}
          onKeyDown={onKey}
          disabled={running}
          data-testid="corpus-folder"
        />
      </label>
      <label title="Recordings the change is meant to alter, by name or glob (tool-error-*), separated by spaces">
        Expected divergences
        <input
          value={expect}
          placeholder="name or glob…"
          onChange={(e) => setCorpusFields({ expect: e.target.value })}
          onKeyDown={onKey}
          disabled={running}
          data-testid="corpus-expect"
        />
      </label>
      {running ? (
        <button onClick={() => void cancelCorpus()} data-testid="corpus-cancel" title="Stop now; what was done is kept">
          Cancel
        </button>
      ) : (
        <button
          onClick={() => void runCorpus()}
          data-testid="corpus-run"
          title={`Replay every recording of the folder against the workspace's brains (${shortcutOf('replay-corpus')})`}
        >
          Replay
        </button>
      )}
      <span className="spacer" />
      <button onClick={() => showCorpus(false)} data-testid="corpus-close" title="Back to the editor">
        Close
      </button>
    </div>
  );
}

function Progress() {
  const progress = useCounterfactuals((s) => s.corpusProgress);
  const summary = useCounterfactuals((s) => s.corpusSummary);
  const unmatched = useCounterfactuals((s) => s.unmatched);
  if (!progress) return <div className="empty">Name a folder of the workspace and press Replay (Enter).</div>;
  const ended = progress.ended;
  const state =
    ended === undefined
      ? `${progress.done}/${progress.of} recordings replayed…`
      : ended === 'cancelled'
        ? `cancelled after ${progress.done} of ${progress.of} recordings (kept)`
        : ended === 'finished'
          ? `done: ${progress.of} recordings`
          : `failed: ${ended.error}`;
  return (
    <div className="corpus-progress">
      <ProgressBar done={progress.done} of={progress.of} label="corpus replay progress" />
      <span data-testid="corpus-progress-text">{state}</span>
      {summary ? (
        <span data-testid="corpus-summary" className={summary.pass ? 'ok-text' : 'error-text'}>
          {' '}
          {summary.replayed} replayed, {summary.diverged} diverged, {summary.accepted} accepted, {summary.unchanged}{' '}
          unchanged, {summary.errors} errors: {summary.pass ? 'PASS' : 'FAIL'}
        </span>
      ) : null}
      {unmatched.length > 0 ? (
        <span className="meta" data-testid="corpus-unmatched">
          {' '}
          (named no recording: {unmatched.join(', ')})
        </span>
      ) : null}
    </div>
  );
}

function Detail({ entry }: { entry: CorpusEntryView }) {
  return (
    <div className="corpus-detail" data-testid="corpus-detail">
      <div>
        <code>{entry.path}</code>{' '}
        <button onClick={() => void openCorpusEntry(entry)} data-testid="corpus-open">
          Open its replay
        </button>
      </div>
      {entry.error ? <div className="error-text">{entry.error}</div> : null}
      {entry.agents
        .filter((agent) => agent.divergenceText)
        .map((agent) => (
          <pre key={agent.agent} data-testid="corpus-divergence">
            {agent.divergenceText}
          </pre>
        ))}
      {entry.skipped.map((skipped) => (
        <div key={skipped.agent} className="meta">
          {skipped.agent} left out: {skipped.reason}
        </div>
      ))}
    </div>
  );
}

/** The results, virtualized: a corpus may hold thousands. Arrows move, Enter opens the replay. */
function Results() {
  const entries = useCounterfactuals((s) => s.corpusEntries);
  const [selected, setSelected] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const chosen = entries[selected];
  const move = (to: number) => {
    const next = Math.max(0, Math.min(entries.length - 1, to));
    setSelected(next);
    virtualizer.scrollToIndex(next);
  };
  const onKey = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown') move(selected + 1);
    else if (event.key === 'ArrowUp') move(selected - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Enter' && chosen) void openCorpusEntry(chosen);
    else return;
    event.preventDefault();
  };
  return (
    <div className="corpus-results">
      <div
        className="corpus-list"
        ref={scroller}
        tabIndex={0}
        role="listbox"
        aria-label="corpus replay results"
        aria-activedescendant={chosen ? `corpus-row-${selected}` : undefined}
        onKeyDown={onKey}
        data-testid="corpus-list"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = entries[item.index];
            return (
              <div
                key={item.key}
                id={`corpus-row-${item.index}`}
                role="option"
                aria-selected={item.index === selected}
                className={`corpus-row${item.index === selected ? ' selected' : ''}`}
                style={{ position: 'absolute', top: item.start, height: ROW_HEIGHT, left: 0, right: 0 }}
                onClick={() => setSelected(item.index)}
                onDoubleClick={() => entry && void openCorpusEntry(entry)}
                data-testid="corpus-row"
                data-status={entry?.status ?? 'pending'}
                data-path={entry?.path}
                title={entry ? headline(entry) : undefined}
              >
                {entry ? (
                  <>
                    <strong className={`corpus-status ${entry.status}`}>{STATUS_WORDS[entry.status]}</strong>{' '}
                    <code>{entry.label}</code> <span className="meta">{headline(entry)}</span>
                  </>
                ) : (
                  <span className="meta">…</span>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {chosen ? <Detail entry={chosen} /> : null}
    </div>
  );
}

/** Corpus replay: every recording of a folder replayed against the workspace's brains, as `brainbench replay DIR` does. */
export function CorpusScreen() {
  return (
    <div className="corpus-screen" data-testid="corpus-view">
      <Toolbar />
      <Progress />
      <Results />
    </div>
  );
}
