// Starting an agent process's engine thread, and the one spare thread a warm process keeps ready
// for its agent (the `warm` message): a thread started before the agent is known has loaded its
// kind's engine by the time the agent's `init` arrives.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { WarmProfile } from '../agent-protocol/agent-protocol.ts';
import { engineHeapMb } from './engine-heap.ts';

let spare: { worker: Worker; profile: WarmProfile; gone: () => void } | undefined;

function resourceLimits(profile: WarmProfile): ResourceLimits {
  // QuickJS's frames take about three times their own stack in native stack (docs/architecture.md).
  const stackMb = Math.max(8, 4 + Math.ceil((profile.limits.maxStackBytes * 4) / 1024 / 1024));
  return { maxOldGenerationSizeMb: engineHeapMb(profile), stackSizeMb: stackMb };
}

const newThread = (profile: WarmProfile): Worker =>
  new Worker(new URL('./engine-worker.mjs', import.meta.url), {
    workerData: { kind: profile.kind },
    resourceLimits: resourceLimits(profile),
  });

/** Starts the spare thread, replacing an earlier one; `warmed` once its engine is ready. */
export function warmEngineThread(profile: WarmProfile, warmed: () => void): void {
  if (spare) void spare.worker.terminate();
  const worker = newThread(profile);
  worker.once('message', warmed);
  // Until it is taken the spare is nobody's: its failure just leaves no spare.
  const gone = () => {
    if (spare?.worker === worker) spare = undefined;
  };
  worker.on('error', gone);
  worker.on('exit', gone);
  spare = { worker, profile, gone };
}

/**
 * A thread for this profile's engine, waiting for its EngineSetup: the spare when it was started
 * for the same kind and limits, a new one otherwise. A spare that does not fit is stopped.
 */
export function engineThread(profile: WarmProfile): Worker {
  const taken = spare;
  spare = undefined;
  if (taken) {
    taken.worker.off('error', taken.gone);
    taken.worker.off('exit', taken.gone);
    if (fits(taken.profile, profile)) return taken.worker;
    void taken.worker.terminate();
  }
  return newThread(profile);
}

const fits = (a: WarmProfile, b: WarmProfile): boolean => {
  const [x, y] = [resourceLimits(a), resourceLimits(b)];
  return a.kind === b.kind && x.maxOldGenerationSizeMb === y.maxOldGenerationSizeMb && x.stackSizeMb === y.stackSizeMb;
};
