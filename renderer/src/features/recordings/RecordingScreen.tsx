import { useEffect } from 'react';
import { formatDate } from './recording-text.ts';
import {
  closeRecording,
  openFork,
  openRecording,
  refreshRecordings,
  selectRecordedAgent,
  showRecordingDialog,
  showReplayDialog,
  useRecordings,
} from './recording-store.ts';
import { ComparisonView } from './ComparisonView.tsx';
import { IterationDetail } from './IterationDetail.tsx';
import { RecordedTimeline } from './RecordedTimeline.tsx';
import { BranchOriginText, RecordingFileList } from './RecordingFileList.tsx';
import { ReplayReport } from './ReplayReport.tsx';
import { RecordingLineCounts } from './RecordingLineCounts.tsx';
import { countRecordingLines } from './recording-past-store.ts';
import { RecordingDebugPanel } from './RecordingDebugPanel.tsx';
import type { RecordingView } from '../../../../contract/recording-views.ts';
import { addCaseFromOpenedRecording } from '../evals/eval-store.ts';
import { ChaosPanel } from '../counterfactuals/ChaosPanel.tsx';
import { showChaos, useCounterfactuals } from '../counterfactuals/counterfactual-store.ts';
import { SplitResult } from '../counterfactuals/SplitResult.tsx';
import { ForkCut } from './ForkCut.tsx';
import './recordings.css';

function Facts({ view }: { view: RecordingView }) {
  const state = view.truncated ? 'cut short' : view.ended ? 'ended' : 'still being written';
  return (
    <div className="recording-facts" data-testid="recording-facts">
      <code data-testid="recording-path">{view.path}</code> · <span data-testid="recording-mode">{view.mode}</span> ·{' '}
      {formatDate(view.createdAt)} · Brainbench {view.brainbench} · {view.lines} lines ·{' '}
      <span data-testid="recording-state">{state}</span>
      {view.branch ? (
        <>
          {' '}
          · branch <strong>{view.branch.name}</strong>:{' '}
          <BranchOriginText
            file={{ path: view.path, kind: 'branch', sizeBytes: 0, modifiedMs: 0, branch: view.branch }}
          />
        </>
      ) : null}
    </div>
  );
}

function Branches() {
  const files = useRecordings((s) => s.files);
  const opened = useRecordings((s) => s.opened);
  const branches = (files ?? []).filter((f) => f.kind === 'branch');
  return (
    <div className="recording-branches" data-testid="branches">
      <div className="label">Branches ({branches.length})</div>
      <RecordingFileList files={branches} chosen={opened?.path} onChoose={(path) => void openRecording(path)} />
    </div>
  );
}

/** The opened recording's facts and actions: above the part that scrolls, so nothing scrolls under it. */
function OpenedToolbar({ view }: { view: RecordingView }) {
  return (
    <div className="panel-toolbar recording-toolbar" data-testid="recording-toolbar">
      <Facts view={view} />
      <span className="spacer" />
      <button
        onClick={showReplayDialog}
        data-testid="recording-replay"
        title="Run the recorded iterations again with the workspace's brains and runtimes"
      >
        Replay…
      </button>
      <button
        onClick={() => showChaos(!useCounterfactuals.getState().chaosShown)}
        data-testid="recording-chaos"
        title="Replay the recording once per failure of one recorded effect, on mocks: what does the brain do when a tool, a provider, a stream fails?"
      >
        Chaos…
      </button>
      <button
        onClick={() => void countRecordingLines()}
        data-testid="recording-line-counts"
        title="Re-execute every recorded iteration with the workspace's brains and count each line they enter"
      >
        Line counts
      </button>
      <button onClick={() => showRecordingDialog('compare')} data-testid="recording-compare">
        Compare…
      </button>
      <button onClick={() => showRecordingDialog('save-test')} data-testid="recording-save-test">
        Save as test…
      </button>
      <button
        onClick={addCaseFromOpenedRecording}
        data-testid="recording-add-to-dataset"
        title="What the selected agent was given (its selected iteration, else its first) and answered, as a case of an eval's dataset"
      >
        Add to dataset…
      </button>
      <button onClick={closeRecording} data-testid="recording-close" title="Back to the live session">
        Close
      </button>
    </div>
  );
}

function Opened({ view }: { view: RecordingView }) {
  const agentName = useRecordings((s) => s.agent);
  const agent = view.agents.find((a) => a.name === agentName);
  const chaos = useCounterfactuals((s) => s.chaosShown);
  return (
    <>
      <div className="recording-agents" role="tablist">
        {view.agents.map((a) => (
          <button
            key={a.name}
            role="tab"
            aria-selected={a.name === agentName}
            onClick={() => selectRecordedAgent(a.name)}
            data-testid={`recorded-agent-${a.name}`}
          >
            {a.name} ({a.iterations.length})
          </button>
        ))}
        {agent ? (
          <button
            className="row-action"
            onClick={() => openFork({ path: view.path, agent: agent.name, afterIteration: 0 })}
            data-testid="fork-before-first"
          >
            Fork before #1
          </button>
        ) : null}
      </div>
      <ReplayReport />
      <ForkCut path={view.path} />
      {chaos ? <ChaosPanel path={view.path} /> : null}
      <RecordingLineCounts />
      {agent ? <RecordingDebugPanel path={view.path} agent={agent.name} /> : null}
      <div className="recording-body">
        {agent ? (
          <RecordedTimeline key={agent.name} path={view.path} agent={agent} />
        ) : (
          <div className="empty">No agents recorded.</div>
        )}
        <IterationDetail />
      </div>
    </>
  );
}

/** The Recording view: a recording opened offline, in place of the editor and the bottom panels. */
export function RecordingScreen() {
  const opened = useRecordings((s) => s.opened);
  const opening = useRecordings((s) => s.opening);
  useEffect(() => void refreshRecordings(), [opened?.path]);
  return (
    <div className="recording-screen" data-testid="recording-view">
      {opened ? <OpenedToolbar view={opened} /> : null}
      {!opened && !opening ? (
        <div className="panel-toolbar recording-toolbar">
          <span className="spacer" />
          <button onClick={closeRecording} data-testid="recording-close">
            Close
          </button>
        </div>
      ) : null}
      <div className="recording-scroll" data-testid="recording-scroll">
        {opening ? <div className="progress">Opening {opening}…</div> : null}
        {opened ? <Opened view={opened} /> : null}
        <ComparisonView />
        <SplitResult />
        <Branches />
      </div>
    </div>
  );
}
