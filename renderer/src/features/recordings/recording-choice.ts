// What the recordings the host lists are called where the user picks one (Compare…): the
// session's recording, its earlier segment (`.1`), the previous session's, each branch by name
// and origin, the other files by path.

import type { RecordingFileView } from '../../../../contract/recording-views.ts';

export function recordingTitle(file: RecordingFileView): string {
  const name = file.path.split('/').pop() ?? file.path;
  if (file.kind === 'branch') return `branch ${file.branch?.name ?? name}`;
  if (file.kind === 'file') return file.path;
  const previous = name.startsWith('previous-');
  const earlier = name.endsWith('.1');
  const session = previous ? 'the previous session' : 'this session';
  return earlier ? `${session}, its earlier segment` : session;
}
