// What a toast says when a request fails: what the user was doing, in their words, then the
// host's reason. The table is typed over every API method, so a new method cannot ship without
// its words; the method's own (internal) name never reaches the user.

import type { ApiMethod } from '../../../contract/workbench-api.ts';

export const FAILURE_WORDS: Record<ApiMethod, string> = {
  workspace: 'Could not read the workspace',
  openWorkspace: 'Could not open the workspace',
  readFile: 'Could not open the file',
  writeFile: 'Could not save the file',
  checkConfig: 'Could not check the config',
  checkBrain: 'Could not check the brain',
  createAgent: 'Could not create the agent',
  assignScript: 'Could not assign the brain',
  step: 'Could not step the agent',
  loop: 'Could not run the agent',
  pause: 'Could not pause the agent',
  cancelPause: 'Could not cancel the pause',
  stop: 'Could not stop the agent',
  restart: 'Could not restart the agent',
  setBreakpoints: 'Could not set the breakpoints',
  resume: 'Could not resume the agent',
  inject: 'Could not inject the event',
  registries: 'Could not list what the agent has open',
  cancel: 'Could not cancel it',
  describeTooling: 'Could not list the tools and resources',
  callTool: 'The tool call failed',
  tryChat: 'The chat failed',
  checkToolArguments: 'Could not check the tool’s arguments',
  readResource: 'Could not read the resource',
  subscribeResource: 'Could not subscribe to the resource',
  unsubscribeResource: 'Could not end the subscription',
  listComponentFolder: 'Could not list the folder',
  runTests: 'Could not run the tests',
  inspectComponent: 'Could not read the component',
  traceHistory: 'Could not fetch the trace history',
  trustWorkspace: 'Could not trust the workspace',
  revokeTrust: 'Could not revoke the workspace’s trust',
  configSchema: 'Could not load the config schema',
  debugSettings: 'Could not load the breakpoints',
  setSourceBreakpoints: 'Could not set the line breakpoints',
  setExceptionBreakpoints: 'Could not set the exception breakpoints',
  setCallBreakpoints: 'Could not set the host-call breakpoints',
  debugResume: 'Could not resume the agent',
  decideHeldCall: 'Could not decide the held call',
  debugPause: 'Could not pause the agent',
  debugStepBack: 'Could not step back',
  debugReverseContinue: 'Could not reverse-continue',
  debugGoToCall: 'Could not go to the call',
  whyCall: 'Could not trace where the call’s arguments came from',
  debugStack: 'Could not read the call stack',
  debugScopes: 'Could not read the scopes',
  debugVariables: 'Could not read the variables',
  debugSetVariable: 'Could not set the variable',
  debugEvaluate: 'Could not evaluate the expression',
  agentMemory: 'Could not read the agent’s memory',
  setMemory: 'Could not change the agent’s memory',
  agentInbox: 'Could not read the agent’s inbox',
  dropInboxEvent: 'Could not drop the event',
  recordings: 'Could not list the recordings',
  openRecording: 'Could not open the recording',
  recordedIteration: 'Could not read the recorded iteration',
  forkPoint: 'Could not read the fork point',
  forkRecording: 'Could not fork the recording',
  replayPlan: 'Could not say what the replay would run',
  replayRecording: 'Could not replay the recording',
  compareRecordings: 'Could not compare the recordings',
  saveRecordingAsTest: 'Could not save the recording as a test',
  accounting: 'Could not read the accounting',
  accountingWaterfall: 'Could not read the iteration’s calls',
  uiSettings: 'Could not read the remembered workbench settings',
  saveUiSettings: 'Could not remember the workbench settings',
  configSavePlan: 'Could not work out which agents the saved config restarts',
  evalFiles: 'Could not list the evals',
  runEval: 'The eval did not run',
  cancelEval: 'Could not cancel the eval',
  evalResults: 'Could not read the results',
  evalTrial: 'Could not read the trial',
  compareEvalResults: 'Could not compare the results',
  addEvalCase: 'Could not add the case to the dataset',
  replayCorpus: 'The corpus replay did not run',
  cancelCorpusReplay: 'Could not cancel the corpus replay',
  runChaos: 'The chaos run did not run',
  cancelChaos: 'Could not cancel the chaos run',
  saveChaosTest: 'Could not save the mutation as a test',
  splitRecordings: 'Could not align the recordings',
  debugWatchInPast: 'Could not watch the expression over the past',
  recordingWatch: 'Could not watch the expression over the recording',
  recordingCoverage: 'Could not count the lines the recording ran',
  recordingLogpoint: 'Could not run the logpoint over the recording',
  recordingDebugStart: 'Could not debug the recorded iteration',
  recordingDebugMove: 'Could not move in the recording',
  recordingDebugEvaluate: 'Could not evaluate the expression in the recording',
  recordingDebugEnd: "Could not end the recording's debug session",
};

/**
 * The toast for a failed request. A bad-parameters answer starts with the method's name
 * (`inject: event.kind: …`); that prefix is the contract's, not the user's, and is dropped.
 */
export function failureText(method: ApiMethod, message: string): string {
  const reason = message.startsWith(`${method}: `)
    ? message.slice(method.length + 2)
    : message.startsWith(`${method} `)
      ? message.slice(method.length + 1)
      : message;
  return `${FAILURE_WORDS[method]}: ${reason}`;
}
