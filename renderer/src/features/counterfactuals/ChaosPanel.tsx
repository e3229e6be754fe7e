import { useState } from 'react';
import type { ChaosEffect, ChaosEntryView } from '../../../../contract/counterfactual-views.ts';
import { selectRecordedAgent, selectRecordedIteration } from '../recordings/recording-store.ts';
import {
  cancelChaos,
  chaosFieldProblem,
  runChaos,
  saveChaosTest,
  setChaosFields,
  showChaos,
  useCounterfactuals,
} from './counterfactual-store.ts';

const EFFECT_WORDS: Record<ChaosEffect, string> = {
  same: 'same outcome',
  different: 'different outcome',
  'brain-error': 'brain error',
  hang: 'hang',
  limit: 'limit hit',
};

const BREAKS: readonly ChaosEffect[] = ['brain-error', 'hang', 'limit'];
/** Bus and timer mutations: an omw test's mocks cannot drop another agent's message, so none is saved. */
const NOT_TESTABLE = new Set(['message-dropped', 'message-duplicated', 'timer-early', 'timer-late']);

/** A folder name made of the row's parts, as `--save` names it; a name from the recording keeps only safe letters. */
const suggestedFolder = (entry: ChaosEntryView) =>
  `tests/chaos/${entry.agent.replace(/[^A-Za-z0-9_-]/g, '_')}-${entry.kind}-${entry.iteration}-${entry.call}`;

function SaveAsTest({ path, entry }: { path: string; entry: ChaosEntryView }) {
  const [dir, setDir] = useState<string | undefined>();
  if (dir === undefined)
    return (
      <button onClick={() => setDir(suggestedFolder(entry))} data-testid="chaos-save-test">
        Save as test…
      </button>
    );
  const save = async () => {
    if (await saveChaosTest(path, entry, dir)) setDir(undefined);
  };
  return (
    <span className="chaos-save">
      <input
        value={dir}
        aria-label="test folder"
        onChange={(e) => setDir(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          else if (e.key === 'Escape') setDir(undefined);
        }}
        autoFocus
        data-testid="chaos-test-folder"
      />
      <button onClick={() => void save()} data-testid="chaos-save-run">
        Save
      </button>
    </span>
  );
}

function Row({ path, entry }: { path: string; entry: ChaosEntryView }) {
  // The mutated effect's iteration, in the recording's timeline and detail.
  const show = () => {
    selectRecordedAgent(entry.agent);
    void selectRecordedIteration(entry.iteration);
  };
  const breaks = BREAKS.includes(entry.effect);
  return (
    <tr data-testid="chaos-row" data-effect={entry.effect} className={breaks ? 'breaks' : undefined}>
      <td>
        <button className="link" onClick={show} title="Show the mutated iteration" data-testid="chaos-show">
          {entry.mutation}
        </button>
      </td>
      <td className={breaks ? 'error-text' : undefined} data-testid="chaos-effect">
        {EFFECT_WORDS[entry.effect]}
      </td>
      <td className="meta">{entry.detail}</td>
      <td>{breaks && !NOT_TESTABLE.has(entry.kind) ? <SaveAsTest path={path} entry={entry} /> : null}</td>
    </tr>
  );
}

/** Chaos on the opened recording: one replay per mutated effect, on mocks derived from it (`brainbench chaos`). */
export function ChaosPanel({ path }: { path: string }) {
  const seed = useCounterfactuals((s) => s.seed);
  const max = useCounterfactuals((s) => s.max);
  const progress = useCounterfactuals((s) => s.chaosProgress);
  const entries = useCounterfactuals((s) => s.chaosEntries);
  const running = progress !== undefined && progress.ended === undefined;
  const problem = chaosFieldProblem(seed, max);
  const ended = progress?.ended;
  const state = !progress
    ? undefined
    : ended === undefined
      ? progress.of === 0
        ? 'replaying the recording as it is…'
        : `${progress.done}/${progress.of} mutations run…`
      : ended === 'finished'
        ? `done: ${progress.done} of ${progress.of} mutations`
        : ended === 'cancelled'
          ? `cancelled after ${progress.done} mutations (kept)`
          : `failed: ${ended.error}`;
  const onKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !running && !problem) void runChaos(path);
  };
  return (
    <section className="chaos-panel" data-testid="chaos-panel" aria-label="Chaos">
      <div className="panel-toolbar">
        <strong>Chaos</strong>
        <label>
          Seed
          <input
            value={seed}
            onChange={(e) => setChaosFields({ seed: e.target.value })}
            onKeyDown={onKey}
            size={6}
            data-testid="chaos-seed"
          />
        </label>
        <label title="At most this many mutations, chosen by the seed (empty: every one)">
          At most
          <input
            value={max}
            onChange={(e) => setChaosFields({ max: e.target.value })}
            onKeyDown={onKey}
            size={6}
            data-testid="chaos-max"
          />
        </label>
        {running ? (
          <button onClick={() => void cancelChaos()} data-testid="chaos-cancel">
            Cancel
          </button>
        ) : (
          <button disabled={problem !== undefined} onClick={() => void runChaos(path)} data-testid="chaos-run">
            Run chaos
          </button>
        )}
        {problem ? (
          <span className="error-text" data-testid="chaos-problem">
            {problem}
          </span>
        ) : null}
        <span className="spacer" />
        <span data-testid="chaos-progress-text">{state}</span>
        <button onClick={() => showChaos(false)} aria-label="close chaos" data-testid="chaos-close">
          ×
        </button>
      </div>
      {entries.length > 0 ? (
        <table className="chaos-table" data-testid="chaos-table">
          <thead>
            <tr>
              <th>mutation</th>
              <th>effect</th>
              <th>how it ended</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <Row key={`${entry.kind}-${entry.agent}-${entry.iteration}-${entry.call}`} path={path} entry={entry} />
            ))}
          </tbody>
        </table>
      ) : !running ? (
        <div className="empty">
          Each mutation turns one recorded effect into a failure (a tool error, a refusal, a cut stream, a dropped
          message…) and runs on against mocks from the recording: nothing reaches a back end.
        </div>
      ) : null}
    </section>
  );
}
