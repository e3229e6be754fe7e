// What the agent buttons and their shortcuts do; each failure is shown, never thrown away.

import { pauseHere, resume, travel } from '../debug/debug-store.ts';
import { attempt, notify, useWorkbench } from '../../core/workbench-store.ts';

export async function stepAgent(agent: string): Promise<void> {
  const result = await attempt('step', agent);
  if (result?.kind === 'failed') notify('error', `${agent}: ${result.error}`);
}

export const loopAgent = (agent: string) => void attempt('loop', agent);
export const pauseAgent = (agent: string) => void attempt('pause', agent);
/** Stops at the next statement of a source-level brain, or holds at the next host call. */
export const pauseAnywhere = (agent: string) => pauseHere(agent);
export const cancelPause = (agent: string) => void attempt('cancelPause', agent);
export const stopAgent = (agent: string) => void attempt('stop', agent);
export const restartAgent = (agent: string) => void attempt('restart', agent);
export const continueAgent = (agent: string) => void resume(agent, 'continue');
export const stepOverCall = (agent: string) => void resume(agent, 'step-call');
export const stepOver = (agent: string) => void resume(agent, 'next');
export const stepInto = (agent: string) => void resume(agent, 'step-in');
export const stepOut = (agent: string) => void resume(agent, 'step-out');
export const stepBack = (agent: string) => void travel(agent, 'debugStepBack');
export const reverseContinue = (agent: string) => void travel(agent, 'debugReverseContinue');

export const isStopped = (agent: string) => useWorkbench.getState().statuses[agent]?.state === 'paused';

/** Run, or Continue when the agent is stopped. */
export function runOrContinue(agent: string): void {
  if (isStopped(agent)) continueAgent(agent);
  else loopAgent(agent);
}
