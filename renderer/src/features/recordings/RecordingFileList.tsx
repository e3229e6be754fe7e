import type { RecordingFileView } from '../../../../contract/recording-views.ts';
import { formatDate, formatSize } from './recording-text.ts';

const GROUPS: { kind: RecordingFileView['kind']; title: string }[] = [
  { kind: 'session', title: 'This session' },
  { kind: 'branch', title: 'Branches' },
  { kind: 'file', title: 'Other recordings in the workspace' },
];

export function BranchOriginText({ file }: { file: RecordingFileView }) {
  const origin = file.branch;
  if (!origin) return null;
  return (
    <span className="branch-origin" data-testid="branch-origin">
      {origin.agent} after #{origin.afterIteration} of {origin.of}
      {origin.edits.length > 0 ? ` · ${origin.edits.join(', ')}` : ' · no edits'}
    </span>
  );
}

/** The recordings the host lists, grouped; a click chooses one. */
export function RecordingFileList({
  files,
  chosen,
  onChoose,
}: {
  files: RecordingFileView[];
  chosen?: string;
  onChoose: (path: string) => void;
}) {
  if (files.length === 0) return <div className="empty">No recordings in the workspace yet.</div>;
  return (
    <div className="recording-files" data-testid="recording-files">
      {GROUPS.map(({ kind, title }) => {
        const group = files.filter((f) => f.kind === kind);
        if (group.length === 0) return null;
        return (
          <div key={kind}>
            <div className="label">{title}</div>
            <ul>
              {group.map((file) => (
                <li
                  key={file.path}
                  className={file.path === chosen ? 'selected' : ''}
                  data-testid="recording-file"
                  data-path={file.path}
                  data-kind={file.kind}
                  onClick={() => onChoose(file.path)}
                  role="button"
                >
                  <code>{file.path}</code>{' '}
                  <span className="meta">
                    {formatSize(file.sizeBytes)} · {formatDate(file.modifiedMs)}
                  </span>{' '}
                  <BranchOriginText file={file} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
