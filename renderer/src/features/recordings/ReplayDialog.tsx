import { useState } from 'react';
import { planReplay, replayOpened, showRecordingDialog, useRecordings } from './recording-store.ts';
import { BrainDifferences } from './BrainDifferences.tsx';
import { RecordedBrainsChoice } from './RecordedBrainsChoice.tsx';
import { SkippedAgents } from './SkippedAgents.tsx';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

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
    <ModalDialog
      label="Replay"
      className="dialog"
      testId="replay-dialog"
      onClose={() => showRecordingDialog(undefined)}
    >
      <DialogHead onClose={() => showRecordingDialog(undefined)}>Replay {opened.path}</DialogHead>
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
    </ModalDialog>
  );
}
