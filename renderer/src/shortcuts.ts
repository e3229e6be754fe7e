// Keyboard shortcuts, debugger style: F5 run/continue, Shift+F5 stop, F6 pause, F10 step one
// iteration, F11 step over the pending host call, Ctrl/Cmd+S save, Ctrl/Cmd+Shift+R restart.

import { restartAgent, runOrContinue, pauseAgent, stepAgent, stepOverCall, stopAgent } from './agent-actions.ts';
import { saveFile, useWorkbench } from './store/workbench-store.ts';

export const SHORTCUTS: Record<string, string> = {
  run: 'F5',
  stop: 'Shift+F5',
  pause: 'F6',
  step: 'F10',
  stepCall: 'F11',
  restart: 'Ctrl+Shift+R',
  save: 'Ctrl+S',
};

export function handleShortcut(event: KeyboardEvent): void {
  const { selectedAgent: agent, activeFile } = useWorkbench.getState();
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === 's') {
    event.preventDefault();
    if (activeFile) void saveFile(activeFile);
    return;
  }
  if (!agent) return;
  const actions: Record<string, () => void> = {
    F5: () => (event.shiftKey ? stopAgent(agent) : runOrContinue(agent)),
    F6: () => pauseAgent(agent),
    F10: () => void stepAgent(agent),
    F11: () => stepOverCall(agent),
  };
  if (mod && event.shiftKey && event.key.toLowerCase() === 'r') {
    event.preventDefault();
    restartAgent(agent);
    return;
  }
  const action = actions[event.key];
  if (action) {
    event.preventDefault();
    action();
  }
}
