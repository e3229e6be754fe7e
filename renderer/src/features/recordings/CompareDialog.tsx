import { useState } from 'react';
import type { RecordingFileView } from '../../../../contract/recording-views.ts';
import { compare, showRecordingDialog, useRecordings } from './recording-store.ts';
import { DialogHead, ModalDialog } from '../../shared/dialogs/ModalDialog.tsx';
import { BranchOriginText } from './RecordingFileList.tsx';
import { recordingTitle } from './recording-choice.ts';
import { formatDate, formatSize } from './recording-text.ts';
import { splitRecordings } from '../counterfactuals/counterfactual-store.ts';

/** One side's choice: every recording the workspace has, or a path typed in. */
function Side({
  side,
  files,
  chosen,
  choose,
}: {
  side: 'A' | 'B';
  files: RecordingFileView[];
  chosen: string;
  choose: (path: string) => void;
}) {
  const id = side.toLowerCase();
  const listed = files.some((f) => f.path === chosen);
  return (
    <fieldset className="compare-side" data-testid={`compare-${id}-choices`}>
      <legend>{side}</legend>
      {files.length === 0 ? <div className="empty">No recordings in the workspace yet.</div> : null}
      {files.map((file) => (
        <label key={file.path} className="compare-choice" data-testid={`compare-${id}-option`} data-path={file.path}>
          <input
            type="radio"
            name={`compare-${id}`}
            checked={file.path === chosen}
            onChange={() => choose(file.path)}
          />
          <span>
            <strong>{recordingTitle(file)}</strong> <code>{file.path}</code>
            <span className="meta">
              {' '}
              {formatSize(file.sizeBytes)} · {formatDate(file.modifiedMs)}
            </span>{' '}
            <BranchOriginText file={file} />
          </span>
        </label>
      ))}
      <label className="compare-path">
        or a file (relative to the workspace root):
        <input
          value={listed ? '' : chosen}
          onChange={(e) => choose(e.target.value)}
          placeholder="runs/run.jsonl"
          data-testid={`compare-${id}`}
        />
      </label>
    </fieldset>
  );
}

/** Several recordings of one case (an eval's trials, say): where they split, and the answer that split them. */
function Several({ files }: { files: RecordingFileView[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (path: string, on: boolean) =>
    setChosen(on ? [...chosen, path] : chosen.filter((one) => one !== path));
  return (
    <>
      <fieldset className="compare-side" data-testid="compare-several-choices">
        <legend>Recordings ({chosen.length} chosen)</legend>
        {files.map((file) => (
          <label key={file.path} className="compare-choice" data-testid="compare-several-option" data-path={file.path}>
            <input
              type="checkbox"
              checked={chosen.includes(file.path)}
              onChange={(e) => toggle(file.path, e.target.checked)}
            />
            <span>
              <strong>{recordingTitle(file)}</strong> <code>{file.path}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <button
        disabled={chosen.length < 2}
        onClick={() => void splitRecordings(chosen)}
        data-testid="compare-split-run"
        title="Align them host call by host call: the first call where they differ, and the answer that made them differ"
      >
        Where they split
      </button>
    </>
  );
}

/** Compare…: two of the workspace's recordings (the session, its earlier segment, branches, files), A and B. */
export function CompareDialog() {
  const files = useRecordings((s) => s.files) ?? [];
  const opened = useRecordings((s) => s.opened);
  const [a, setA] = useState(opened?.branch?.of ?? opened?.path ?? files[0]?.path ?? '');
  const [b, setB] = useState(opened?.branch ? opened.path : (files.find((f) => f.path !== a)?.path ?? ''));
  const [several, setSeveral] = useState(false);
  const close = () => showRecordingDialog(undefined);
  return (
    <ModalDialog label="Compare recordings" className="dialog compare-dialog" testId="compare-dialog" onClose={close}>
      <DialogHead onClose={close}>Compare recordings</DialogHead>
      <div role="radiogroup" aria-label="how many" className="compare-mode">
        <label>
          <input type="radio" checked={!several} onChange={() => setSeveral(false)} data-testid="compare-two" /> Two (A
          and B)
        </label>{' '}
        <label>
          <input type="radio" checked={several} onChange={() => setSeveral(true)} data-testid="compare-several" />{' '}
          Several (where repeated trials split)
        </label>
      </div>
      {several ? <Several files={files} /> : null}
      <div className="compare-sides" hidden={several}>
        <Side side="A" files={files} chosen={a} choose={setA} />
        <Side side="B" files={files} chosen={b} choose={setB} />
      </div>
      <button
        hidden={several}
        disabled={!a.trim() || !b.trim()}
        onClick={() => void compare(a.trim(), b.trim())}
        data-testid="compare-run"
      >
        Compare
      </button>
    </ModalDialog>
  );
}
