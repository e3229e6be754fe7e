import type { RecordedIterationSummary, RecordedIterationView, RecordingView } from '../../contract/recording-views.ts';
import { recordedResult } from './divergence.ts';
import { RecordingError } from './recording-reader.ts';
import type { RecordedIteration, Recording } from './recording.ts';
import { iterationTokens } from './recording-usage.ts';

function startOf(iteration: RecordedIteration): number {
  return iteration.events[0]?.time ?? iteration.calls[0]?.time ?? 0;
}

function durationOf(iteration: RecordedIteration): number {
  if (iteration.end) return iteration.end.durationMs;
  const last = iteration.events.at(-1)?.time ?? startOf(iteration);
  return last - startOf(iteration);
}

function summary(iteration: RecordedIteration): RecordedIterationSummary {
  return {
    iteration: iteration.iteration,
    trigger: iteration.trigger,
    startTime: startOf(iteration),
    durationMs: durationOf(iteration),
    calls: iteration.calls.length,
    tokens: iterationTokens(iteration),
    ...(iteration.end ? { result: recordedResult(iteration.end) } : {}),
  };
}

/** A recording as the workbench's timeline shows it: per agent, its brain and a line per iteration. */
export function recordingView(recording: Recording, path: string, lines: number): RecordingView {
  const { header } = recording;
  return {
    path,
    mode: header.mode,
    createdAt: header.createdAt,
    brainbench: header.brainbench,
    truncated: recording.truncated,
    ended: recording.ended,
    lines,
    ...(header.branch ? { branch: header.branch } : {}),
    agents: [...recording.agents.values()].map((agent) => {
      const brain = header.brains[agent.name];
      return {
        name: agent.name,
        brain: { path: brain?.path ?? '', sha256: brain?.sha256 ?? null, hasSource: brain?.source !== undefined },
        iterations: agent.iterations.map(summary),
      };
    }),
  };
}

/** One recorded iteration in full: its calls (times relative to its start) and its trace events. */
export function recordedIterationView(recording: Recording, agent: string, number: number): RecordedIterationView {
  const recorded = recording.agents.get(agent);
  if (!recorded) throw new RecordingError(`no agent "${agent}" in the recording`);
  const iteration = recorded.iterations.find((it) => it.iteration === number);
  if (!iteration) throw new RecordingError(`agent "${agent}" has no recorded iteration ${number}`);
  const { calls: _count, ...rest } = summary(iteration);
  const start = rest.startTime;
  return {
    ...rest,
    agent,
    calls: iteration.calls.map((call) => ({
      index: call.index,
      op: call.op,
      args: call.args,
      ok: call.ok,
      ...(call.value !== undefined ? { value: call.value } : {}),
      ...(call.error !== undefined ? { error: call.error } : {}),
      local: call.local === true,
      startMs: call.time - start,
      durationMs: call.durationMs,
    })),
    events: iteration.events,
  };
}
