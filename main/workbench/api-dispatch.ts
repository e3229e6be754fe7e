// Turns a request from either transport into a call on the Workbench. Only the methods of the
// contract can be reached, only with parameters that fit their schemas (api-params.ts), and every
// failure comes back as an error answer, never a crash.

import type { ApiResponse } from '../../contract/messages.ts';
import { checkRequest } from '../../contract/api-params.ts';
import type { ApiMethod, WorkbenchApi } from '../../contract/workbench-api.ts';
import { testConfigJsonSchema } from '../json-schema/config-json-schema.ts';
import { checkBrainText } from './brain-diagnostics.ts';
import { splitEvalTrials } from './eval-trial-split.ts';
import type { Workbench } from './workbench.ts';
import { recordingAccounting, recordingWaterfall } from './workbench-accounting.ts';

type Handlers = {
  [M in ApiMethod]: (
    workbench: Workbench,
    ...params: Parameters<WorkbenchApi[M]>
  ) => ReturnType<WorkbenchApi[M]> | Promise<ReturnType<WorkbenchApi[M]>>;
};

const HANDLERS: Handlers = {
  workspace: (w) => w.workspace(),
  openWorkspace: (w, path) => w.open(path),
  readFile: (w, path) => w.readFile(path),
  writeFile: (w, path, text, editedFrom) => w.writeFile(path, text, editedFrom),
  checkConfig: (w, text) => w.checkConfig(text),
  checkBrain: (_w, path, text) => checkBrainText(path, text),
  createAgent: (w, name, kind) => w.createAgent(name, kind),
  assignScript: (w, agent, script) => w.assignScript(agent, script),
  step: (w, agent) => w.step(agent),
  loop: (w, agent) => w.loop(agent),
  pause: (w, agent) => w.pause(agent),
  cancelPause: (w, agent) => w.cancelPause(agent),
  stop: (w, agent) => w.stop(agent),
  restart: (w, agent) => w.restart(agent),
  setBreakpoints: (w, agent, ops) => w.setBreakpoints(agent, ops),
  resume: (w, agent, how) => w.resume(agent, how),
  inject: (w, agent, event) => w.inject(agent, event),
  registries: (w, agent) => w.registries(agent),
  cancel: (w, agent, registry, uuid) => w.cancel(agent, registry, uuid),
  describeTooling: (w, name) => w.describeTooling(name),
  callTool: (w, tooling, tool, args) => w.callTool(tooling, tool, args),
  tryChat: (w, provider, model, messages) => w.tryChat(provider, model, messages),
  checkToolArguments: (w, tooling, tool, args) => w.checkToolArguments(tooling, tool, args),
  readResource: (w, tooling, uri) => w.readResource(tooling, uri),
  subscribeResource: (w, tooling, uri) => w.subscribeResource(tooling, uri),
  unsubscribeResource: (w, subscription) => w.unsubscribeResource(subscription),
  listComponentFolder: (w, path) => w.listComponentFolder(path),
  runTests: (w) => w.runTests(),
  inspectComponent: (w, path) => w.inspectComponent(path),
  traceHistory: (w) => w.traceHistory(),
  uiSettings: (w) => w.uiSettings(),
  saveUiSettings: (w, settings) => w.saveUiSettings(settings),
  configSavePlan: (w, path, text) => w.configSavePlan(path, text),
  trustWorkspace: (w) => w.trustWorkspace(),
  revokeTrust: (w) => w.revokeTrust(),
  configSchema: () => testConfigJsonSchema(),
  debugSettings: (w) => w.debugging.view,
  setSourceBreakpoints: (w, path, breakpoints, text) => w.setSourceBreakpoints(path, breakpoints, text),
  setExceptionBreakpoints: (w, caught, uncaught) => w.debugging.setExceptionBreakpoints(caught, uncaught),
  setCallBreakpoints: (w, agent, breakpoints) => w.setCallBreakpoints(agent, breakpoints),
  debugResume: (w, agent, how) => w.debugging.resume(agent, how),
  decideHeldCall: (w, agent, decision) => w.debugging.decideHeldCall(agent, decision),
  debugPause: (w, agent) => w.debugging.pause(agent),
  debugStepBack: (w, agent) => w.debugging.debugger.stepBack(agent),
  debugReverseContinue: (w, agent) => w.debugging.debugger.reverseContinue(agent),
  debugGoToCall: (w, agent, seq) => w.debugging.debugger.goToCall(agent, { seq }),
  whyCall: (w, agent, seq) => w.debugging.debugger.whyCall(agent, { seq }),
  debugStack: (w, agent) => w.debugging.debugger.stackTrace(agent),
  debugScopes: (w, agent, frame) => w.debugging.debugger.scopes(agent, frame),
  debugVariables: (w, agent, ref, start, count) =>
    w.debugging.debugger.variables(agent, ref, start ?? undefined, count ?? undefined),
  debugSetVariable: (w, agent, ref, name, value) => w.debugging.debugger.setVariable(agent, ref, name, value),
  debugEvaluate: (w, agent, frame, expression) => w.debugging.debugger.evaluate(agent, frame ?? undefined, expression),
  agentMemory: (w, agent) => w.debugging.memory(agent),
  setMemory: (w, agent, key, value) => w.debugging.setMemory(agent, key, value),
  agentInbox: (w, agent) => [...w.debugging.inbox(agent)],
  dropInboxEvent: (w, agent, index, id) => w.debugging.dropInboxEvent(agent, index, id),
  recordings: (w) => w.recordings.list(),
  openRecording: (w, path) => w.recordings.open(path),
  recordedIteration: (w, path, agent, iteration) => w.recordings.iteration(path, agent, iteration),
  forkPoint: (w, path, agent, after) => w.recordings.forkPoint(path, agent, after),
  forkRecording: (w, path, agent, after, edits, recorded) => {
    w.refuseWhileHeldBack('a branch runs the workspace’s back ends live');
    return w.recordings.fork(path, agent, after, edits, recorded);
  },
  replayPlan: (w, path, recorded) => w.recordings.replayPlan(path, recorded),
  replayRecording: (w, path, recorded) => w.recordings.replay(path, recorded),
  compareRecordings: (w, a, b) => w.recordings.compare(a, b),
  saveRecordingAsTest: async (w, path, dir, agents) => {
    const written = await w.recordings.saveAsTest(path, dir, agents);
    w.filesMayHaveChanged();
    return written;
  },
  accounting: (w, path) => recordingAccounting(w, path),
  accountingWaterfall: (w, path, agent, position) => recordingWaterfall(w, path, agent, position),
  evalFiles: (w) => w.evals.files(),
  runEval: (w, path, options) => w.evals.run(path, options),
  cancelEval: (w) => w.evals.cancel(),
  evalResults: (w, path, from) => w.evals.chunk(path, from),
  evalTrial: (w, path, at) => w.evals.trial(path, at),
  compareEvalResults: (w, base, candidate) => w.evals.compare(base, candidate),
  addEvalCase: (w, recording, dataset, id, agent, iteration, expected) =>
    w.evals.addCase(recording, dataset, id, agent, iteration, expected),
  replayCorpus: (w, folder, expect) => w.counterfactuals.replayCorpus(folder, expect),
  cancelCorpusReplay: (w) => w.counterfactuals.cancelCorpus(),
  runChaos: (w, path, seed, max) => w.counterfactuals.chaos(path, seed, max),
  cancelChaos: (w) => w.counterfactuals.cancelChaos(),
  saveChaosTest: (w, path, mutation, dir) => w.counterfactuals.saveChaosTest(path, mutation, dir),
  splitRecordings: (w, paths) => w.counterfactuals.split(paths),
  debugWatchInPast: (w, agent, path, line, expression) => w.watchInPast(agent, path, line, expression),
  recordingWatch: (w, path, agent, brain, line, expression, recorded) =>
    w.recordingPast.watch(path, agent, brain, line, expression, recorded),
  recordingCoverage: (w, path, recorded) => w.recordingPast.coverage(path, recorded),
  evalLineCounts: (w, path, caseId) => w.evalLineCounts.count(path, caseId),
  cancelEvalLineCounts: (w) => w.evalLineCounts.cancel(),
  recordingLogpoint: (w, path, agent, brain, line, message, recorded) =>
    w.recordingPast.logpoint(path, agent, brain, line, message, recorded),
  recordingDebugStart: (w, path, agent, iteration, how, recorded) =>
    w.recordingDebugging.start(path, agent, iteration, how, recorded),
  recordingDebugMove: (w, path, agent, move) => w.recordingDebugging.move(path, agent, move),
  recordingDebugEvaluate: (w, path, agent, expression) => w.recordingDebugging.evaluate(path, agent, expression),
  recordingDebugEnd: (w, path, agent) => w.recordingDebugging.end(path, agent),
  recordingDebugScopes: (w, path, agent, stop, frameId) => w.recordingDebugging.scopes(path, agent, stop, frameId),
  recordingDebugVariables: (w, path, agent, stop, reference, start, count) =>
    w.recordingDebugging.variables(path, agent, stop, reference, start, count),
  recordingDebugEvaluateIn: (w, path, agent, stop, frameId, expression) =>
    w.recordingDebugging.evaluateIn(path, agent, stop, frameId, expression),
  recordingDebugSource: (w, path, agent, iteration, line) => w.recordingDebugging.source(path, agent, iteration, line),
  evalTrialSplit: (w, path, caseId) => splitEvalTrials(w.recordingPlaces(), path, caseId),
};

/** Answers request `id`: `method` and `params` are whatever the client sent. */
export async function dispatchRequest(
  workbench: Workbench,
  id: number,
  method: unknown,
  params: unknown,
): Promise<ApiResponse> {
  const request = checkRequest(method, params);
  if (!request.ok) return { id, ok: false, error: request.error };
  const handler = HANDLERS[request.method] as (w: Workbench, ...params: unknown[]) => unknown;
  try {
    const result = await handler(workbench, ...request.params);
    return { id, ok: true, result: result ?? null };
  } catch (error) {
    return { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
