// `brainbench eval merge SHARDS... --out FILE` (docs/evals.md#beyond-one-machine): the results of
// the N shards of one run into one file, as the run unsharded would have written it: the same
// header without its shard, the trials in case order, every recording copied beside it.

import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

import type { ResultsHeader, TrialLine } from './results-format.ts';
import { recordingsFolder, relativeRecording, trialRecordingFile } from './results-paths.ts';
import { readResults, ResultsError, type Results } from './results-reader.ts';
import { writeResultsAtomically } from './write-results.ts';

/** What must be the same in every shard of one run. */
const sameRun = (header: ResultsHeader) =>
  JSON.stringify({
    eval: header.eval.sha256,
    scorers: header.eval.scorers,
    config: header.config.sha256,
    dataset: header.dataset.sha256,
    brains: header.brains,
    options: header.options,
    seed: header.seed,
    selected: header.selected,
  });

export function mergeResults(files: readonly string[], out: string): Results {
  if (files.length === 0) throw new ResultsError("merge needs the shards' results files");
  const shards = files.map((file) => readResults(file));
  const first = shards[0]!.header;
  const total = first.shard?.total ?? 1;
  const seen = new Map<number, string>();
  for (const { file, header } of shards) {
    if (sameRun(header) !== sameRun(first))
      throw new ResultsError(
        `${file} is not a shard of the same run as ${files[0]} (its eval, config, dataset, brains or options differ)`,
      );
    const index = header.shard?.index ?? 1;
    if ((header.shard?.total ?? 1) !== total)
      throw new ResultsError(`${file} is shard ${index}/${header.shard?.total ?? 1}, the others are of ${total}`);
    if (seen.has(index)) throw new ResultsError(`${file} and ${seen.get(index)} are both shard ${index}/${total}`);
    seen.set(index, file);
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    throw new ResultsError(
      `shard${missing.length === 1 ? '' : 's'} ${missing.map((i) => `${i}/${total}`).join(', ')} missing: the merge would not be the whole run`,
    );

  const target = resolve(out);
  const folder = recordingsFolder(target);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const trials: TrialLine[] = shards
    .flatMap(({ file, trials }) =>
      trials.map((line) => {
        const source = trialRecordingFile(file, line.recording);
        const copy = join(folder, basename(source));
        copyFileSync(source, copy);
        return { ...line, recording: relativeRecording(target, copy) };
      }),
    )
    .sort((a, b) => a.caseIndex - b.caseIndex || a.trial - b.trial);
  // The header's paths are relative to the results file: to the first shard's, now to the merged one's.
  const from = dirname(resolve(files[0]!));
  const moved = (path: string) => relative(dirname(target), resolve(from, path)) || path;
  const header: ResultsHeader = {
    ...first,
    eval: { ...first.eval, file: moved(first.eval.file) },
    config: { ...first.config, file: moved(first.config.file) },
    dataset: { ...first.dataset, file: moved(first.dataset.file) },
    shard: null,
    createdAt: Math.min(...shards.map((s) => s.header.createdAt)),
  };
  writeResultsAtomically(target, header, trials);
  return { file: target, header, trials };
}
