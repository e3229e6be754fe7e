// Where a results file keeps its trials' recordings: the sibling folder `<results>.recordings/`,
// one file per trial named by the case's place, id and the trial's number. A path read from a
// results file is data: it must stay inside that folder, links followed.

import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';

export class ResultsPathError extends Error {}

export const recordingsFolder = (results: string): string => `${resolve(results)}.recordings`;

/** `0042-what-is-2-2.3.jsonl`: the case's place keeps names apart when ids only differ in odd characters. */
export function trialRecordingName(caseIndex: number, caseId: string, trial: number): string {
  const safe =
    caseId
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'case';
  return `${String(caseIndex + 1).padStart(4, '0')}-${safe}.${trial}.jsonl`;
}

/** The recording path as the results file holds it: relative to the results file's folder. */
export const relativeRecording = (results: string, file: string): string =>
  relative(dirname(resolve(results)), file)
    .split(sep)
    .join('/');

/** A trial line's recording as a path on disk, refused when it leaves the results' recordings folder. */
export function trialRecordingFile(results: string, recording: unknown): string {
  if (typeof recording !== 'string' || recording === '' || isAbsolute(recording))
    throw new ResultsPathError(
      `${results}: a trial's recording must be a relative path, got ${JSON.stringify(recording)}`,
    );
  const folder = recordingsFolder(results);
  const file = resolve(dirname(resolve(results)), recording);
  const inside = (path: string, root: string) => {
    const below = relative(root, path);
    return below !== '' && below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below);
  };
  if (!inside(file, folder))
    throw new ResultsPathError(
      `${results}: the recording ${JSON.stringify(recording)} is outside ${basename(folder)}/`,
    );
  if (existsSync(file) && existsSync(folder) && !inside(realpathSync(file), realpathSync(folder)))
    throw new ResultsPathError(
      `${results}: the recording ${JSON.stringify(recording)} links outside ${basename(folder)}/`,
    );
  return file;
}
