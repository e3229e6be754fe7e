import { useState } from 'react';
import { planReplay, replayOpened, showRecordingDialog, useRecordings } from './recording-store.ts';
import { BrainDifferences } from './BrainDifferences.tsx';
import { RecordedBrainsChoice } from './RecordedBrainsChoice.tsx';
import { SkippedAgents } from './SkippedAgents.tsx';

/**
 * Replay…: what a replay of the opened recording runs, said before it runs: the workspace's
 * brains and runtimes (or, by choice, the recorded brains in those runtimes), the agents it leaves
 * out, and the brains that are not the recorded ones.
 */
export function ReplayDialog() {
  const opened = useRecordings((s) => s.opened);
  const plan = useRecordings((s) => s.replayPlan);
  const [recordedBrains, setRecordedBrains] = useState(false);
  if (!opened) return null;
  const choose = (checked: boolean) => {
    setRecordedBrains(checked);
    void planReplay(checked);
  };
  const current = plan?.recordedBrains === recordedBrains ? plan : undefined;
  return (
    <div className="dialog" role="dialog" aria-label="Replay" data-testid="replay-dialog">
      <div className="dialog-head">
        <strong>Replay {opened.path}</strong>
        <button onClick={() => showRecordingDialog(undefined)} aria-label="close">
          ×
        </button>
      </div>
      <RecordedBrainsChoice checked={recordedBrains} onChange={choose} testId="replay-recorded-brains" />
      {current ? (
        <>
          <div data-testid="replay-plan-agents">
            {current.agents.length > 0
              ? `Replays ${current.agents.join(', ')}: every call answered from the recording, nothing reaches a back end.`
              : 'No recorded agent can run in this workspace.'}
          </div>
          <SkippedAgents skipped={current.skipped} />
          <BrainDifferences brains={current.brains} recordedBrains={recordedBrains} />
        </>
      ) : (
        <div className="progress">Comparing the recording with the workspace…</div>
      )}
      <button
        disabled={!current || current.agents.length === 0}
        onClick={() => void replayOpened(recordedBrains)}
        data-testid="replay-run"
      >
        Replay
      </button>
    </div>
  );
}
