// The workbench's Accounting view (docs/workbench.md#accounting): the accounting of the session's
// own recording (flushed first, so the last iterations are in it) or of a recording file in the
// workspace. The last file's accounting is kept while the file is unchanged, so that asking for
// one iteration's waterfall after another does not read the file again.

import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountingView, IterationWaterfall } from '../../contract/accounting-views.ts';
import { accountingOf, type RecordingAccounting } from '../recording/accounting.ts';
import { buildRecording, loadRecording } from '../recording/recording.ts';
import { readRecordingSegments } from '../recording/recording-segments.ts';
import { settingsFolder } from './debug-settings-file.ts';
import { SESSION_RECORDING } from './session-recording.ts';
import type { Workbench } from './workbench.ts';

interface Kept {
  file: string;
  mtimeMs: number;
  size: number;
  accounting: RecordingAccounting;
}

const kept = new WeakMap<Workbench, Kept>();

function accountingFor(workbench: Workbench, path: string | null): RecordingAccounting {
  const { root, boundary, recorder, notRecordedHere } = workbench.recordingPlaces();
  let file: string;
  let shown: string;
  if (path === null) {
    // The session file is another workbench's then, or none can be kept.
    if (notRecordedHere !== undefined) throw new Error(notRecordedHere);
    recorder?.flush();
    file = recorder?.file ?? join(settingsFolder(root), SESSION_RECORDING);
    shown = `.brainbench/${SESSION_RECORDING}`;
  } else {
    file = boundary.fileToRead(path);
    shown = path;
  }
  let stat;
  try {
    stat = statSync(file);
  } catch {
    throw new Error(path === null ? 'the session is not recorded (yet)' : `cannot read "${path}": no such file`);
  }
  const last = kept.get(workbench);
  if (last && last.file === file && last.mtimeMs === stat.mtimeMs && last.size === stat.size) return last.accounting;
  // The session's accounting covers its older segment too.
  const recording = path === null ? buildRecording(readRecordingSegments(file)) : loadRecording(file);
  const accounting = accountingOf(recording, shown);
  kept.set(workbench, { file, mtimeMs: stat.mtimeMs, size: stat.size, accounting });
  return accounting;
}

export const recordingAccounting = (workbench: Workbench, path: string | null): AccountingView =>
  accountingFor(workbench, path).view();

export const recordingWaterfall = (
  workbench: Workbench,
  path: string | null,
  agent: string,
  position: number,
): IterationWaterfall => accountingFor(workbench, path).waterfall(agent, position);
