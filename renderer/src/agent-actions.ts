// What the agent buttons and their shortcuts do; each failure is shown, never thrown away.

import { attempt, notify, useWorkbench } from './store/workbench-store.ts';

export async function stepAgent(agent: string): Promise<void> {
  const result = await attempt('step', agent);
  if (result?.kind === 'failed') notify('error', `${agent}: ${result.error}`);
}

export const loopAgent = (agent: string) => void attempt('loop', agent);
export const pauseAgent = (agent: string) => void attempt('pause', agent);
export const cancelPause = (agent: string) => void attempt('cancelPause', agent);
export const stopAgent = (agent: string) => void attempt('stop', agent);
export const restartAgent = (agent: string) => void attempt('restart', agent);
export const continueAgent = (agent: string) => void attempt('resume', agent, 'continue');
export const stepOverCall = (agent: string) => void attempt('resume', agent, 'step-call');

/** Run, or Continue when the agent is held at a breakpoint. */
export function runOrContinue(agent: string): void {
  if (useWorkbench.getState().statuses[agent]?.state === 'paused') continueAgent(agent);
  else loopAgent(agent);
}
