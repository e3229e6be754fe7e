// Keyboard shortcuts as VS Code users know them: F5 run/continue, Shift+F5 stop, F6 pause, F9
// toggle breakpoint, F10 step over, F11 step into, Shift+F11 step out. Brainbench's own steps have
// their own keys: F8 one iteration, Shift+F8 over the held host call. Ctrl/Cmd+S save,
// Ctrl/Cmd+Shift+R restart, Ctrl/Cmd+Shift+O Open recording… They are caught before the editor sees them (Monaco has F8 too).

import {
  isStopped,
  pauseAnywhere,
  restartAgent,
  runOrContinue,
  stepAgent,
  stepInto,
  stepOut,
  stepOver,
  stepOverCall,
  stopAgent,
} from './agent-actions.ts';
import { toggleBreakpointAtCursor } from './editor/debug-decorations.ts';
import { showRecordingDialog } from './store/recording-store.ts';
import { saveFile, useWorkbench } from './store/workbench-store.ts';

export const SHORTCUTS = {
  run: 'F5',
  stop: 'Shift+F5',
  pause: 'F6',
  toggleBreakpoint: 'F9',
  stepOver: 'F10',
  stepInto: 'F11',
  stepOut: 'Shift+F11',
  step: 'F8',
  stepCall: 'Shift+F8',
  restart: 'Ctrl+Shift+R',
  save: 'Ctrl+S',
  openRecording: 'Ctrl+Shift+O',
} as const;

/** The action of a key for the selected agent, or undefined when the key is not ours. */
function actionFor(event: KeyboardEvent, agent: string | undefined): (() => void) | undefined {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === 's') {
    const file = useWorkbench.getState().activeFile;
    return () => void (file && saveFile(file));
  }
  if (mod && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'o')
    return () => showRecordingDialog('open');
  if (event.key === 'F9' && !mod) return () => void toggleBreakpointAtCursor();
  if (!agent || event.altKey) return undefined;
  if (mod) return event.shiftKey && event.key.toLowerCase() === 'r' ? () => restartAgent(agent) : undefined;
  const stopped = isStopped(agent);
  const shift = event.shiftKey;
  switch (event.key) {
    case 'F5':
      return () => (shift ? stopAgent(agent) : runOrContinue(agent));
    case 'F6':
      return shift ? undefined : () => pauseAnywhere(agent);
    case 'F8':
      return () => (shift ? stepOverCall(agent) : void stepAgent(agent));
    case 'F10':
      return stopped && !shift ? () => stepOver(agent) : undefined;
    case 'F11':
      return stopped ? () => (shift ? stepOut(agent) : stepInto(agent)) : undefined;
  }
  return undefined;
}

export function handleShortcut(event: KeyboardEvent): void {
  const action = actionFor(event, useWorkbench.getState().selectedAgent);
  if (!action) return;
  event.preventDefault();
  event.stopPropagation();
  action();
}
