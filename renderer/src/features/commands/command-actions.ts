// What each command of the registry (contract/commands.ts) does in the renderer. The table is
// exhaustive over the registry's ids, so a command added there without an action here does not
// type-check. `available` false: the key is not ours then (F10 outside a stop goes to the page).

import {
  cancelChaos,
  cancelCorpus,
  chaosRunning,
  corpusRunning,
  showChaos,
  showCorpus,
  useCounterfactuals,
} from '../counterfactuals/counterfactual-store.ts';
import type { CommandId } from '../../../../contract/commands.ts';
import {
  isStopped,
  pauseAnywhere,
  restartAgent,
  runOrContinue,
  stepAgent,
  stepInto,
  stepOut,
  stepBack,
  reverseContinue,
  stepOver,
  stepOverCall,
  stopAgent,
} from '../agents/agent-actions.ts';
import { toggleBreakpointAtCursor } from '../editor/monaco/debug-decorations.ts';
import { showRecordingDialog, useRecordings } from '../recordings/recording-store.ts';
import { moveRecordingDebug, recordingDebugKeys } from '../recordings/recording-debug-store.ts';
import type { RecordingDebugMove } from '../../../../contract/debug-views.ts';
import { setTheme, showOverlay } from '../../core/ui-store.ts';
import {
  addCaseFromLiveIteration,
  addCaseFromOpenedRecording,
  cancelEval,
  evalRunning,
  runChosenEval,
  setEvalsTab,
  showEvals,
  useEvals,
} from '../evals/eval-store.ts';
import {
  cancelEvalLineCounts,
  countEvalLines,
  countSelectedCaseLines,
  evalLineCountsRunning,
} from '../evals/eval-line-counts-store.ts';
import { selectedRow, splitCaseTrials, trialSplitRunning, whyNoTrialSplit } from '../evals/eval-trial-split-store.ts';
import { modalOpen } from '../../shared/dialogs/modal-stack.ts';
import { revokeTrust, showTrustBanner } from '../trust/trust-banner-store.ts';
import { notify, openPicker, runTests, saveFile, useWorkbench } from '../../core/workbench-store.ts';

export interface CommandAction {
  run(): void;
  available?(): boolean;
}

const selected = () => useWorkbench.getState().selectedAgent;

/** A command on the selected agent: unavailable when none is selected. */
/** While a recording's debug session is on screen, the debugger keys move it, not the live agent. */
function recordingFirst(move: RecordingDebugMove, live: CommandAction): CommandAction {
  return {
    run: () => (recordingDebugKeys() ? void moveRecordingDebug(move) : live.run()),
    available: () => recordingDebugKeys() || live.available?.() !== false,
  };
}

function onAgent(act: (agent: string) => void, when: (agent: string) => boolean = () => true): CommandAction {
  return {
    run: () => {
      const agent = selected();
      if (agent) act(agent);
    },
    available: () => {
      const agent = selected();
      return agent !== undefined && when(agent);
    },
  };
}

const nativeOnly: CommandAction = { run: () => {}, available: () => false };

export const COMMAND_ACTIONS: Record<CommandId, CommandAction> = {
  'open-workspace': nativeOnly,
  'open-config-file': nativeOnly,
  'open-workspace-path': { run: () => showOverlay('open-workspace') },
  'open-recording': { run: () => showRecordingDialog('open') },
  'compare-recordings': { run: () => showRecordingDialog('compare') },
  'save-recording-test': {
    run: () => {
      if (useRecordings.getState().opened) showRecordingDialog('save-test');
      else notify('error', 'Save as test: open a recording first (Open recording…)');
    },
  },
  'pick-component': { run: () => openPicker() },
  'add-to-dataset': {
    run: () => {
      if (useRecordings.getState().opened) addCaseFromOpenedRecording();
      else addCaseFromLiveIteration();
    },
  },
  'replay-corpus': { run: () => showCorpus(!useCounterfactuals.getState().corpusShown) },
  'cancel-corpus-replay': { run: () => void cancelCorpus(), available: corpusRunning },
  'run-chaos': { run: () => showChaos(), available: () => useRecordings.getState().opened !== undefined },
  'cancel-chaos': { run: () => void cancelChaos(), available: chaosRunning },
  'show-evals': { run: () => showEvals(!useEvals.getState().shown) },
  'run-eval': { run: () => void runChosenEval(), available: () => !evalRunning() },
  'cancel-eval': { run: () => void cancelEval(), available: evalRunning },
  'compare-eval-results': {
    run: () => {
      showEvals();
      setEvalsTab('compare');
    },
  },
  'eval-line-counts': {
    run: () => {
      showEvals();
      void countEvalLines(null);
    },
    available: () => useEvals.getState().results !== undefined && !evalLineCountsRunning(),
  },
  'eval-case-line-counts': {
    run: countSelectedCaseLines,
    available: () => useEvals.getState().selected !== undefined && !evalLineCountsRunning(),
  },
  'cancel-eval-line-counts': { run: () => void cancelEvalLineCounts(), available: evalLineCountsRunning },
  'eval-case-trial-split': {
    run: () => void splitCaseTrials(selectedRow()),
    available: () => whyNoTrialSplit(selectedRow()) === undefined && !trialSplitRunning(),
  },
  'workspace-trust': {
    run: () => {
      const trust = useWorkbench.getState().workspace?.trust;
      if (!trust?.trusted) showTrustBanner();
      else if (trust.by === 'bundled-example')
        notify('info', 'This is the example workspace Brainbench ships: it is trusted');
      else notify('info', 'You trust this workspace: it runs what it names (Revoke Workspace Trust restricts it)');
    },
  },
  'revoke-trust': {
    run: () => void revokeTrust(),
    available: () => useWorkbench.getState().workspace?.trust.by === 'user',
  },
  save: {
    run: () => {
      const file = useWorkbench.getState().activeFile;
      if (file) void saveFile(file);
    },
  },
  run: recordingFirst('continue', onAgent(runOrContinue)),
  stop: onAgent(stopAgent),
  pause: onAgent(pauseAnywhere),
  step: onAgent((agent) => void stepAgent(agent)),
  'step-call': onAgent(stepOverCall),
  restart: onAgent(restartAgent),
  'run-tests': { run: () => void runTests(), available: () => !useWorkbench.getState().testsRunning },
  'toggle-breakpoint': { run: () => void toggleBreakpointAtCursor() },
  'step-over': recordingFirst('next', onAgent(stepOver, isStopped)),
  'step-into': recordingFirst('step-in', onAgent(stepInto, isStopped)),
  'step-out': recordingFirst('step-out', onAgent(stepOut, isStopped)),
  'step-back': recordingFirst('step-back', onAgent(stepBack, isStopped)),
  'reverse-continue': recordingFirst('reverse-continue', onAgent(reverseContinue, isStopped)),
  'command-palette': { run: () => showOverlay('palette') },
  'theme-system': { run: () => setTheme('system') },
  'theme-light': { run: () => setTheme('light') },
  'theme-dark': { run: () => setTheme('dark') },
  'keyboard-shortcuts': { run: () => showOverlay('shortcuts') },
};

/** Runs a native menu item's command; false when it cannot run now (a dialog is open, or it does not apply). */
export function runCommand(id: string): boolean {
  const action = COMMAND_ACTIONS[id as CommandId] as CommandAction | undefined;
  if (!action || modalOpen() || action.available?.() === false) return false;
  action.run();
  return true;
}
