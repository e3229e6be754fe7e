// Native menu items (Electron) arrive as named commands; they act like the matching shortcuts.

import { pauseAgent, restartAgent, runOrContinue, stepAgent, stepOverCall, stopAgent } from './agent-actions.ts';
import { showRecordingDialog, useRecordings } from './store/recording-store.ts';
import { notify, openPicker, runTests, saveFile, useWorkbench } from './store/workbench-store.ts';

export function runMenuCommand(command: string): void {
  const { selectedAgent: agent, activeFile } = useWorkbench.getState();
  if (command === 'save') return void (activeFile && saveFile(activeFile));
  if (command === 'pick-component') return openPicker();
  if (command === 'run-tests') return void runTests();
  if (command === 'open-recording') return showRecordingDialog('open');
  if (command === 'compare-recordings') return showRecordingDialog('compare');
  if (command === 'save-recording-test') {
    if (useRecordings.getState().opened) return showRecordingDialog('save-test');
    return notify('error', 'Save as test: open a recording first (Open recording…)');
  }
  if (!agent) return;
  const actions: Record<string, () => void> = {
    run: () => runOrContinue(agent),
    step: () => void stepAgent(agent),
    'step-call': () => stepOverCall(agent),
    pause: () => pauseAgent(agent),
    stop: () => stopAgent(agent),
    restart: () => restartAgent(agent),
  };
  actions[command]?.();
}
