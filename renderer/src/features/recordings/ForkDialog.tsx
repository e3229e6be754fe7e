import Editor from '@monaco-editor/react';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ForkPointView } from '../../../../contract/recording-views.ts';
import { editorLanguageOf } from '../editor/editor-language.ts';
import { ValueText } from '../../shared/values/ValueText.tsx';
import { openFork, runFork, useRecordings, type ForkTarget } from './recording-store.ts';
import { attempt, useWorkbench } from '../../core/workbench-store.ts';
import { useColorScheme } from '../../app/use-color-scheme.ts';
import { BrainDifferences } from './BrainDifferences.tsx';
import { editsOf, fieldProblems, fieldsOf, type ForkFields } from './fork-edits.ts';
import { RecordedBrainsChoice } from './RecordedBrainsChoice.tsx';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

function MemoryTable({ fields, change }: { fields: ForkFields; change: (memory: [string, string][]) => void }) {
  const rows = fields.memory;
  const edit = (i: number, at: 0 | 1, text: string) =>
    change(rows.map((row, j) => (j === i ? ((at === 0 ? [text, row[1]] : [row[0], text]) as [string, string]) : row)));
  return (
    <table className="memory-table" data-testid="fork-memory">
      <tbody>
        {rows.map(([key, value], i) => (
          <tr key={i} data-testid="fork-memory-row" data-key={key}>
            <td>
              <input value={key} aria-label={`memory key ${i + 1}`} onChange={(e) => edit(i, 0, e.target.value)} />
            </td>
            <td>
              <input
                value={value}
                aria-label={`memory value of ${key}`}
                onChange={(e) => edit(i, 1, e.target.value)}
                data-testid="fork-memory-value"
              />
            </td>
            <td>
              <button aria-label={`remove ${key}`} onClick={() => change(rows.filter((_, j) => j !== i))}>
                ×
              </button>
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={3}>
            <button onClick={() => change([...rows, ['', '']])} data-testid="fork-memory-add">
              Add a key
            </button>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function SourceEditor({ path, text, change }: { path: string; text: string; change: (text: string) => void }) {
  const scheme = useColorScheme();
  const kinds = useWorkbench((s) => s.workspace?.runtimeKinds) ?? [];
  return (
    <div className="fork-source" data-testid="fork-source">
      <Editor
        // One slash: Monaco's TypeScript worker cannot find a model whose URI has two in a row.
        path={`fork-source/${path.replace(/^\/+/, '')}`}
        language={editorLanguageOf(path, kinds)}
        value={text}
        theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
        onChange={(value) => change(value ?? '')}
        options={{ minimap: { enabled: false }, fontSize: 13, automaticLayout: true, scrollBeyondLastLine: false }}
      />
    </div>
  );
}

function ForkForm({ target, point }: { target: ForkTarget; point: ForkPointView }) {
  const [fields, setFields] = useState(() => fieldsOf(point));
  const [recordedBrains, setRecordedBrains] = useState(false);
  const [allAgents, setAllAgents] = useState(false);
  const agentCount = useRecordings((s) => s.opened?.agents.length ?? 0);
  /** The text the branch runs unless edited. */
  const brain = recordedBrains ? point.source : point.workspaceSource;
  const files = useRecordings((s) => s.files) ?? [];
  const forking = useRecordings((s) => s.forking);
  const providers = useWorkbench(useShallow((s) => s.workspace?.providers.map((p) => p.name) ?? []));
  const recordedBrain = useRecordings((s) => s.opened?.agents.find((a) => a.name === target.agent)?.brain.path);
  const liveBrain = useWorkbench((s) => s.workspace?.agents.find((a) => a.name === target.agent)?.script);
  const brainPath = recordedBrain ?? liveBrain;
  const branches = files.flatMap((f) => (f.branch ? [f.branch.name] : []));
  const problems = fieldProblems(fields, branches);
  const change = (part: Partial<ForkFields>) => setFields({ ...fields, ...part });
  const chooseBrain = (checked: boolean) => {
    // An edit started from the other brain's text would not be what the user meant to run.
    setRecordedBrains(checked);
    change({ source: undefined });
  };
  const notes = point.notes;
  const progress = useRecordings((s) => s.progress);
  const problem = (key: string) =>
    problems[key] ? (
      <span className="error-text field-problem" data-testid={`fork-problem-${key}`}>
        {problems[key]}
      </span>
    ) : null;
  return (
    <>
      {notes.length > 0 ? (
        <ul className="notes" data-testid="fork-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <h4>Memory {problem('memory')}</h4>
      <MemoryTable fields={fields} change={(memory) => change({ memory })} />
      <h4>Inbox ({fields.inbox.length})</h4>
      {fields.inbox.length === 0 ? (
        <div className="empty">Nothing delivered and not yet received.</div>
      ) : (
        <ul className="fork-inbox" data-testid="fork-inbox">
          {fields.inbox.map((envelope, i) => (
            <li key={`${envelope.id}-${i}`}>
              <code>{envelope.event.kind}</code>{' '}
              <ValueText value={envelope.event} title={`${envelope.event.kind} event`} />{' '}
              <span className="meta">{envelope.id.slice(0, 8)}</span>
              <button onClick={() => change({ inbox: fields.inbox.filter((_, j) => j !== i) })} aria-label="drop">
                Drop
              </button>
            </li>
          ))}
        </ul>
      )}
      <h4>Open timers, subscriptions, streams and tool calls ({point.registries.length})</h4>
      {point.registries.length === 0 ? (
        <div className="empty">None open at this point.</div>
      ) : (
        <ul className="fork-registries" data-testid="fork-registries">
          {point.registries.map((r) => (
            <li key={r.uuid}>
              {r.registry}: {r.source}{' '}
              <span className="meta">
                <ValueText value={r.info} title={`${r.source} ${r.registry}`} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <h4>Brain</h4>
      <RecordedBrainsChoice checked={recordedBrains} onChange={chooseBrain} testId="fork-recorded-brains" />
      {point.brain ? <BrainDifferences brains={[point.brain]} recordedBrains={recordedBrains} /> : null}
      {brain === undefined ? (
        <div className="empty" data-testid="fork-no-source">
          {recordedBrains
            ? 'The recording holds no text of this brain (a component, or a brain outside the recorded workspace).'
            : "The workspace's brain is a component or lies outside the workspace: its text cannot be edited here."}
        </div>
      ) : fields.source !== undefined ? (
        <SourceEditor
          path={brainPath ?? `${target.agent}.txt`}
          text={fields.source}
          change={(source) => change({ source })}
        />
      ) : (
        <button onClick={() => change({ source: brain })} data-testid="fork-edit-source">
          Edit the brain from here on
        </button>
      )}
      <h4>What follows {problem('provider')}</h4>
      <datalist id="fork-providers">
        {providers.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="fork-fields">
        <label>
          Provider calls to
          <input
            list="fork-providers"
            value={fields.providerFrom}
            onChange={(e) => change({ providerFrom: e.target.value })}
            data-testid="fork-provider-from"
          />
        </label>
        <label>
          go to
          <input
            list="fork-providers"
            value={fields.providerTo}
            onChange={(e) => change({ providerTo: e.target.value })}
            data-testid="fork-provider-to"
          />
        </label>
        <label>
          Model for every chat
          <input
            value={fields.model}
            onChange={(e) => change({ model: e.target.value })}
            data-testid="fork-model"
            placeholder="as the brain asks"
          />
        </label>
        <label>
          Iterations after the fork {problem('iterations')}
          <input
            value={fields.iterations}
            onChange={(e) => change({ iterations: e.target.value })}
            data-testid="fork-iterations"
            placeholder="as recorded"
          />
        </label>
        <label>
          Branch name {problem('name')}
          <input
            value={fields.name}
            onChange={(e) => change({ name: e.target.value })}
            data-testid="fork-name"
            placeholder={`${target.agent}-after-${target.afterIteration}-…`}
          />
        </label>
      </div>
      {agentCount > 1 ? (
        <label
          className="fork-all-agents"
          title="Every agent replays to a consistent cut (none past a message another has not yet sent), then all run live: a message sent in the branch reaches a live receiver"
        >
          <input
            type="checkbox"
            checked={allAgents}
            onChange={(e) => setAllAgents(e.target.checked)}
            data-testid="fork-all-agents"
          />{' '}
          Fork all agents (each from a consistent cut, all live)
        </label>
      ) : null}
      <button
        disabled={forking || Object.keys(problems).length > 0 || (recordedBrains && point.source === undefined)}
        onClick={() =>
          void runFork(
            target,
            { ...editsOf(fields, point, brain), ...(allAgents ? { allAgents: true } : {}) },
            recordedBrains,
          )
        }
        data-testid="fork-run"
      >
        {forking ? 'Running the branch…' : 'Run'}
      </button>
      {forking ? (
        <div className="progress" data-testid="fork-progress">
          {progress
            ? `Branch iteration ${progress.iteration} of ${progress.of}…`
            : `Replaying ${target.afterIteration} recorded iterations, then running live…`}
        </div>
      ) : null}
    </>
  );
}

/** Fork from here: the state at an iteration boundary, edited, run as a new branch. */
export function ForkDialog({ target }: { target: ForkTarget }) {
  const [point, setPoint] = useState<ForkPointView | undefined>();
  useEffect(() => {
    let live = true;
    setPoint(undefined);
    void attempt('forkPoint', target.path, target.agent, target.afterIteration).then((found) => {
      if (!live) return;
      if (found) setPoint(found);
      else openFork(undefined);
    });
    return () => {
      live = false;
    };
  }, [target.path, target.agent, target.afterIteration]);
  return (
    <ModalDialog
      label="Fork from here"
      className="dialog fork-dialog"
      testId="fork-dialog"
      onClose={() => openFork(undefined)}
    >
      <DialogHead onClose={() => openFork(undefined)}>
        Fork {target.agent} after iteration {target.afterIteration} of <code>{target.path}</code>
      </DialogHead>
      {point ? (
        <ForkForm target={target} point={point} />
      ) : (
        <div className="progress">Replaying to the fork point…</div>
      )}
    </ModalDialog>
  );
}
