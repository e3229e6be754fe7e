import { useState } from 'react';
import { openRecording, showRecordingDialog, useRecordings } from './recording-store.ts';
import { RecordingFileList } from './RecordingFileList.tsx';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';

/** Open recording…: the workspace's recordings, or a path typed in. */
export function OpenRecordingDialog() {
  const files = useRecordings((s) => s.files);
  const [path, setPath] = useState('');
  const open = (chosen: string) => chosen.trim() && void openRecording(chosen.trim());
  return (
    <ModalDialog
      label="Open recording"
      className="dialog"
      testId="open-recording-dialog"
      onClose={() => showRecordingDialog(undefined)}
    >
      <DialogHead onClose={() => showRecordingDialog(undefined)}>Open recording</DialogHead>
      {files ? (
        <RecordingFileList files={files} chosen={path} onChoose={open} />
      ) : (
        <div className="progress">Listing…</div>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          open(path);
        }}
      >
        <label>
          Or a file (relative to the workspace root):
          <input
            value={path}
            onChange={(e) => setPath(e.target.value)}
            data-testid="recording-path"
            placeholder="runs/run.jsonl"
          />
        </label>
        <button type="submit" disabled={!path.trim()} data-testid="open-recording-path">
          Open
        </button>
      </form>
    </ModalDialog>
  );
}
