// An iteration's failure belongs to the source it was found in (docs/workbench.md): the agent's
// row and its brain's editor show it while the agent still stands on it. A new iteration or a
// reload (the agent is no longer `failed`), an edit of the brain in the editor, and a save or a
// change on disk clear it; a brain with unsaved edits is not the one that failed either.

import { create } from 'zustand';
import type { AgentStatus } from '../../../../contract/agent-status.ts';
import type { IterationResult } from '../../../../contract/iteration-result.ts';
import { onWorkbenchEvent } from '../../core/workbench-listeners.ts';
import { useWorkbench, type OpenFile } from '../../core/workbench-store.ts';

export type Failure = Extract<IterationResult, { kind: 'failed' }>;

interface FailureState {
  /** Per agent, the failure the user moved past (`iteration:error`), which stays hidden. */
  cleared: Record<string, string>;
}

export const useFailures = create<FailureState>(() => ({ cleared: {} }));

const keyOf = (status: AgentStatus, failure: Failure) => `${status.iteration}:${failure.error}`;

/** States an agent stays in after a failed iteration until something else happens to it. */
const STILL_FAILED = new Set<AgentStatus['state']>(['failed', 'backoff']);

/** The failure the agent's row and brain show now, if any. */
export function shownFailure(
  status: AgentStatus | undefined,
  brain: OpenFile | undefined,
  cleared: Record<string, string>,
): Failure | undefined {
  const last = status?.last;
  if (!status || last?.kind !== 'failed' || !STILL_FAILED.has(status.state)) return undefined;
  if (cleared[status.agent] === keyOf(status, last)) return undefined;
  if (brain && brain.text !== brain.saved) return undefined;
  return last;
}

/** The agent's failure as its row shows it, kept current. */
export function useShownFailure(agent: string, script: string): Failure | undefined {
  const status = useWorkbench((s) => s.statuses[agent]);
  const brain = useWorkbench((s) => s.files[script]);
  const cleared = useFailures((s) => s.cleared);
  return shownFailure(status, brain, cleared);
}

/** Every agent running `path` moves past its failure. */
function clearFailuresOf(path: string): void {
  const { workspace, statuses } = useWorkbench.getState();
  const cleared = { ...useFailures.getState().cleared };
  let changed = false;
  for (const agent of workspace?.agents ?? []) {
    const status = statuses[agent.name];
    if (agent.script !== path || status?.last?.kind !== 'failed') continue;
    cleared[agent.name] = keyOf(status, status.last);
    changed = true;
  }
  if (changed) useFailures.setState({ cleared });
}

// A save (the workbench's or another program's) and an edit in the editor make another source.
onWorkbenchEvent((event) => {
  if (event.type === 'file-changed') clearFailuresOf(event.path);
});
useWorkbench.subscribe((state, previous) => {
  if (state.files === previous.files) return;
  for (const [path, file] of Object.entries(state.files)) {
    const before = previous.files[path];
    if (before && before.text !== file.text) clearFailuresOf(path);
  }
});
