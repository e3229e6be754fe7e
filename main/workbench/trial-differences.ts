// What still differs among recordings of one case whose agents all made the same calls
// (trial-split.ts found no split): an agent that ran in some only, a different number of
// iterations, the answers some calls got, and how the iterations ended. Said in words for the
// Evals view's "Where do the trials split?": "they differ only in the answer to …"; an empty
// list means the recordings are identical call by call. Call times and durations are left out:
// they differ in every run.

import type { Recording, RecordedCall, RecordedIteration } from '../recording/recording.ts';

/** Past this many, trials are counted rather than listed: the marks beside the split list them. */
export const LISTED_TRIALS = 8;

/** `trial 2`, `trials 1 and 3`, `trials 1, 2 and 4`; `12 trials` past `LISTED_TRIALS`. */
export function trialList(numbers: readonly number[]): string {
  if (numbers.length === 1) return `trial ${numbers[0]}`;
  if (numbers.length > LISTED_TRIALS) return `${numbers.length} trials`;
  return `trials ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** Members grouped by a key, in the order each key first appears. */
function grouped(members: readonly number[], keyOf: (member: number) => string): number[][] {
  const groups = new Map<string, number[]>();
  for (const member of members) {
    const key = keyOf(member);
    const group = groups.get(key);
    if (group) group.push(member);
    else groups.set(key, [member]);
  }
  return [...groups.values()];
}

const answerOf = (call: RecordedCall | undefined): string =>
  JSON.stringify(call === undefined ? 'none' : call.ok ? (call.value ?? null) : { error: call.error ?? '' });

const QUOTED_AT_MOST = 60;
const quoted = (text: string): string =>
  JSON.stringify(text.length > QUOTED_AT_MOST ? `${text.slice(0, QUOTED_AT_MOST - 3)}...` : text);

function endingOf(iteration: RecordedIteration | undefined): string {
  const end = iteration?.end;
  if (!iteration) return 'no such iteration';
  if (!end) return 'did not end in the recording';
  if (end.error !== undefined) return `failed: ${quoted(end.error)}`;
  if (end.outcome === undefined || end.outcome === 'completed') return 'completed';
  return `exited ${quoted(end.outcome.exited)}`;
}

/** The answers that differed, as few words as say them: the first three by place, then how many more. */
function answersSaid(places: string[]): string {
  if (places.length === 1) return `the answer to ${places[0]}`;
  const more = places.length > 3 ? ` and ${places.length - 3} more` : '';
  return `the answers to ${places.length} calls (${places.slice(0, 3).join('; ')}${more})`;
}

/**
 * What differs among `recordings` (numbered `trials`) whose agents made the same calls: one
 * phrase each, in the order agent, iterations, answers, endings; none when they are identical.
 */
export function trialDifferences(recordings: readonly Recording[], trials: readonly number[]): string[] {
  const named = (members: readonly number[]) => trialList(members.map((member) => trials[member]!));
  const all = recordings.map((_, i) => i);
  const agents = [...new Set(recordings.flatMap((recording) => [...recording.agents.keys()]))].sort();
  const phrases: string[] = [];
  const answers: string[] = [];
  const endings: string[] = [];
  for (const name of agents) {
    const present = all.filter((i) => recordings[i]!.agents.has(name));
    if (present.length < all.length) phrases.push(`${name} running in ${named(present)} only`);
    const iterations = (i: number) => recordings[i]!.agents.get(name)!.iterations;
    const counts = grouped(present, (i) => String(iterations(i).length));
    if (counts.length > 1)
      phrases.push(
        `the number of ${name}’s iterations (${counts.map((group) => `${iterations(group[0]!).length} in ${named(group)}`).join('; ')})`,
      );
    const longest = Math.max(0, ...present.map((i) => iterations(i).length));
    for (let position = 0; position < longest; position++) {
      const calls = Math.max(0, ...present.map((i) => iterations(i)[position]?.calls.length ?? 0));
      for (let index = 0; index < calls; index++) {
        const groups = grouped(present, (i) => answerOf(iterations(i)[position]?.calls[index]));
        if (groups.length > 1) {
          const op = present.map((i) => iterations(i)[position]?.calls[index]?.op).find((one) => one !== undefined);
          answers.push(`${name}’s iteration ${position + 1} call ${index + 1} (${op})`);
        }
      }
      const ends = grouped(present, (i) => endingOf(iterations(i)[position]));
      if (ends.length > 1)
        endings.push(
          `how ${name}’s iteration ${position + 1} ended (${ends.map((group) => `${endingOf(iterations(group[0]!)[position])} in ${named(group)}`).join('; ')})`,
        );
    }
  }
  if (answers.length > 0) phrases.push(answersSaid(answers));
  return [...phrases, ...endings];
}
