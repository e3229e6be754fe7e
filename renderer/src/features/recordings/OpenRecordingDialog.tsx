import { useState } from 'react';
import { openRecording, showRecordingDialog, useRecordings } from './recording-store.ts';
import { RecordingFileList } from './RecordingFileList.tsx';

/** Open recording…: the workspace's recordings, or a path typed in. */
export function OpenRecordingDialog() {
  const files = useRecordings((s) => s.files);
  const [path, setPath] = useState('');
  const open = (chosen: string) => chosen.trim() && void openRecording(chosen.trim());
  return (
    <div className="dialog" role="dialog" aria-label="Open recording" data-testid="open-recording-dialog">
      <div className="dialog-head">
        <strong>Open recording</strong>
        <button onClick={() => showRecordingDialog(undefined)} aria-label="close">
          ×
        </button>
      </div>
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
    </div>
  );
}
