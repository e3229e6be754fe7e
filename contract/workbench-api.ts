// Every request the renderer can make, stated once: per method the zod schema of its positional
// parameters, from which their types are inferred and against which the host checks every request
// (api-params.ts), and the type of its answer. `WorkbenchApi` and `API_METHODS` are derived from
// this table. Answers are typed only, since the host produces them.
//
// The renderer imports only types from here (`import type`), so zod stays out of its bundle.

import { z } from 'zod';
import { HOST_OPS, type HostOp } from '../main/host-api/host-ops.generated.ts';
import type { OmwEvent, ResourceContent } from '../main/host-api/wit-types.generated.ts';
import type { TraceEvent } from '../main/trace/trace-event.ts';
import type { IterationResult } from './iteration-result.ts';
import {
  REGISTRY_NAMES,
  type ComponentFolderView,
  type ComponentView,
  type Diagnostic,
  type OpenSourceView,
  type SaveResult,
  type SchemaProblem,
  type TestCaseResult,
  type ToolingDescription,
  type ChatTryView,
  type WorkspaceView,
} from './views.ts';
import { witValueSchema } from './wit-value-schema.ts';
import { uiSettingsSchema, type UiSettings } from './ui-settings.ts';
import type {
  CallBreakpointResult,
  DebugSettingsView,
  EvaluationResult,
  PlacedSourceBreakpoint,
  ScopeInfo,
  StackFrameInfo,
  VariableInfo,
  WhyView,
  PastWatchView,
  RecordingDebugView,
  RecordingSourceView,
} from './debug-views.ts';
import type { EventEnvelope } from '../main/host-api/wit-types.generated.ts';
import type {
  BranchView,
  ForkPointView,
  RecordedIterationView,
  RecordingComparisonView,
  RecordingFileView,
  RecordingView,
  ReplayPlanView,
  ReplayView,
  RecordingCoverageView,
} from './recording-views.ts';
import type { AccountingView, IterationWaterfall } from './accounting-views.ts';
import type {
  AddedCaseView,
  EvalComparisonView,
  EvalFilesView,
  EvalLineCountsView,
  EvalTrialSplitView,
  ResultsChunk,
  TrialDetailView,
} from './eval-views.ts';
import type { ChaosView, CorpusReplayView, SplitView } from './counterfactual-views.ts';

/** What each parameter is called in the errors a bad request gets. */
export const PARAMETER_NAMES = z.registry<{ name: string }>();
function parameter<T extends z.ZodType>(name: string, schema: T): T {
  PARAMETER_NAMES.add(schema, { name });
  return schema;
}

/** A file or folder: absolute, or relative to the workspace root. */
const path = parameter('path', z.string());
const text = parameter('text', z.string());
/** The version on disk an edited text started from (a `readFile` or `writeFile` answer's mtime); null for none. */
const editedFrom = parameter('editedFrom', z.number().nullable());
const agent = parameter('agent', z.string());
/** A tooling back-end, by its name in the config. */
const tooling = parameter('tooling', z.string());
const tool = parameter('tool', z.string());
/** The tool's arguments as JSON text. */
const toolArguments = parameter('arguments', z.string());
const providerName = parameter('provider', z.string());
const modelName = parameter('model', z.string().min(1));
/** A conversation to try: its messages' roles and text (no tool calls). */
const chatMessages = parameter(
  'messages',
  z
    .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }).strict())
    .min(1)
    .max(100),
);
const uuid = parameter('uuid', z.string());
const resourceUri = parameter('uri', z.string().min(1));
/** A subscription made with `subscribeResource`, by the id it answered. */
const subscription = parameter('subscription', z.string());
const runtimeKind = parameter('kind', z.string());
const hostOps = parameter('ops', z.array(z.enum(Object.keys(HOST_OPS) as [HostOp, ...HostOp[]])));
const resumeHow = parameter('how', z.enum(['continue', 'step-call']));
const registry = parameter('registry', z.enum(REGISTRY_NAMES));
/** A canonical value of omw's `event` variant, checked against its WIT type. */
const omwEvent = parameter('event', witValueSchema('event') as z.ZodType<OmwEvent>);
const sourceBreakpoints = parameter(
  'breakpoints',
  z.array(
    z.object({
      line: z.number().int().positive(),
      condition: z.string().optional(),
      hitCondition: z.string().optional(),
      logMessage: z.string().optional(),
    }),
  ),
);
/** The brain's text as the editor holds it (unsaved edits); null reads the file. */
const editorText = parameter('text', z.string().nullable());
const callBreakpoints = parameter(
  'breakpoints',
  z.array(z.object({ op: z.enum(Object.keys(HOST_OPS) as [HostOp, ...HostOp[]]), condition: z.string().optional() })),
);
const flag = (name: string) => parameter(name, z.boolean());
const debugHow = parameter('how', z.enum(['continue', 'next', 'step-in', 'step-out']));
const frameId = parameter('frameId', z.number().int());
const optionalFrameId = parameter('frameId', z.number().int().nullable());
const reference = parameter('variablesReference', z.number().int().positive());
const traceSeq = parameter('seq', z.number().int().nonnegative());
const pageStart = parameter('start', z.number().int().nonnegative().nullable());
const pageCount = parameter('count', z.number().int().positive().nullable());
const variableName = parameter('name', z.string());
const valueText = parameter('value', z.string());
const expression = parameter('expression', z.string().min(1));
const memoryKey = parameter('key', z.string());
const memoryValue = parameter('value', z.string().nullable());
const inboxIndex = parameter('index', z.number().int().nonnegative());
const sourceId = parameter('id', z.string());
/** A recording's debug session's stop, as its view numbers it. */
const recordingStop = parameter('stop', z.number().int().positive());
const heldCallDecision = parameter(
  'decision',
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('proceed') }),
    z.object({ kind: z.literal('edit'), args: z.array(z.unknown()) }),
    z.object({ kind: z.literal('answer'), value: z.unknown() }),
    z.object({ kind: z.literal('reject'), error: z.string() }),
  ]),
);
const uiSettings = parameter('settings', uiSettingsSchema);
/** A recording file in the workspace; null for the session's own recording. */
const recordingPath = parameter('path', z.string().nullable());
/** An iteration's place in its agent's recorded iterations (0-based). */
const iterationPosition = parameter('position', z.number().int().nonnegative());
const answer = <T>() => z.custom<T>();
/** Recordings (docs/recordings.md): an iteration number, a fork point, and what a fork changes. */
const iteration = parameter('iteration', z.number().int().positive());
const afterIteration = parameter('afterIteration', z.number().int().nonnegative());
const forkEdits = parameter(
  'edits',
  z.object({
    name: z.string().optional(),
    memory: z.record(z.string(), z.string()).optional(),
    inbox: z.array(z.object({ id: z.string(), event: witValueSchema('event') as z.ZodType<OmwEvent> })).optional(),
    source: z.string().optional(),
    provider: z.object({ from: z.string(), to: z.string() }).optional(),
    model: z.string().optional(),
    iterations: z.number().int().positive().optional(),
    allAgents: z.boolean().optional(),
  }),
);
/** Run the recording's own text of each brain instead of the workspace's (in the workspace's runtimes). */
const recordedBrains = parameter('recordedBrains', z.boolean());
const otherPath = parameter('otherPath', z.string());
const testFolder = parameter('dir', z.string());
const testAgents = parameter('agents', z.array(z.string()).nullable());

/** Evals (docs/evals.md, docs/workbench.md#evals). */
const evalRunOptions = parameter(
  'options',
  z.object({ trials: z.number().int().min(1).max(1000).nullable(), filter: z.array(z.string().max(200)).max(20) }),
);
const resultsCursor = parameter(
  'from',
  z.object({ byte: z.number().int().nonnegative(), line: z.number().int().positive() }).nullable(),
);
const byteOffset = parameter('at', z.number().int().nonnegative());
const caseId = parameter('id', z.string().min(1).max(200));
const optionalAgent = parameter('agent', z.string().nullable());
const optionalIteration = parameter('iteration', z.number().int().positive().nullable());
const expectedText = parameter('expected', z.string().nullable());

/** Counterfactuals (docs/counterfactuals.md#in-the-workbench). */
const corpusFolder = parameter('folder', z.string());
const expectDivergence = parameter('expectDivergence', z.array(z.string().min(1).max(200)).max(50));
const chaosSeed = parameter(
  'seed',
  z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 31),
);
const chaosMax = parameter('max', z.number().int().positive().max(10_000).nullable());
const chaosMutation = parameter(
  'mutation',
  z.object({
    kind: z.string().max(40),
    agent: z.string().max(200),
    iteration: z.number().int().positive(),
    call: z.number().int().positive(),
  }),
);
const splitPaths = parameter('paths', z.array(z.string()).min(2).max(100));

interface ApiEntry {
  params: z.ZodTuple;
  result: z.ZodType;
}

export const WORKBENCH_API = {
  workspace: { params: z.tuple([]), result: answer<WorkspaceView>() },
  openWorkspace: { params: z.tuple([path]), result: answer<WorkspaceView>() },
  readFile: { params: z.tuple([path]), result: answer<{ text: string; mtimeMs: number }>() },
  /**
   * Atomic: written to a temporary file, then renamed over the original. Not saved when the file
   * on disk is another version than `editedFrom` (null saves over whatever is there).
   */
  writeFile: { params: z.tuple([path, text, editedFrom]), result: answer<SaveResult>() },
  checkConfig: { params: z.tuple([text]), result: answer<Diagnostic[]>() },
  /** The brain's problems from its runtime kind's check on the host (`hostCheck` kinds). */
  checkBrain: { params: z.tuple([path, text]), result: answer<Diagnostic[]>() },
  /** `runtimeKind` is one of the workspace view's `runtimeKinds`. */
  createAgent: { params: z.tuple([agent, runtimeKind]), result: answer<WorkspaceView>() },
  assignScript: { params: z.tuple([agent, path]), result: answer<WorkspaceView>() },
  step: { params: z.tuple([agent]), result: answer<IterationResult>() },
  loop: { params: z.tuple([agent]), result: answer<void>() },
  /** Holds the agent at its next host call; pending until then (`AgentStatus.pausePending`). */
  pause: { params: z.tuple([agent]), result: answer<void>() },
  /** Withdraws a pending pause; false when there was none. */
  cancelPause: { params: z.tuple([agent]), result: answer<boolean>() },
  stop: { params: z.tuple([agent]), result: answer<void>() },
  restart: { params: z.tuple([agent]), result: answer<void>() },
  setBreakpoints: { params: z.tuple([agent, hostOps]), result: answer<void>() },
  resume: { params: z.tuple([agent, resumeHow]), result: answer<boolean>() },
  inject: { params: z.tuple([agent, omwEvent]), result: answer<boolean>() },
  registries: { params: z.tuple([agent]), result: answer<OpenSourceView[]>() },
  cancel: { params: z.tuple([agent, registry, uuid]), result: answer<boolean>() },
  describeTooling: { params: z.tuple([tooling]), result: answer<ToolingDescription>() },
  /** Answers the tool's result as JSON text. */
  callTool: { params: z.tuple([tooling, tool, toolArguments]), result: answer<string>() },
  /** One chat with a provider, as a brain's `chat` would get it; a mock's turn is not used up. */
  tryChat: { params: z.tuple([providerName, modelName, chatMessages]), result: answer<ChatTryView>() },
  /** What is wrong with a tool call's arguments under the tool's input schema (none: they fit). */
  checkToolArguments: { params: z.tuple([tooling, tool, toolArguments]), result: answer<SchemaProblem[]>() },
  /** A resource's content, as an agent's `read-resource` would get it. */
  readResource: { params: z.tuple([tooling, resourceUri]), result: answer<ResourceContent>() },
  /**
   * Follows a resource for the workbench (no agent sees it): each update comes as a
   * `resource-update` event with the answered subscription id.
   */
  subscribeResource: { params: z.tuple([tooling, resourceUri]), result: answer<string>() },
  /** Ends a `subscribeResource`; false when it was not open. */
  unsubscribeResource: { params: z.tuple([subscription]), result: answer<boolean>() },
  /** A folder of the workspace or of the bundled guests, for the component browser ('' for the top). */
  listComponentFolder: { params: z.tuple([path]), result: answer<ComponentFolderView>() },
  runTests: { params: z.tuple([]), result: answer<TestCaseResult[]>() },
  inspectComponent: { params: z.tuple([path]), result: answer<ComponentView>() },
  /** Every agent's kept trace (bounded: 10,000 events per agent), oldest first. */
  traceHistory: { params: z.tuple([]), result: answer<TraceEvent[]>() },
  /** The workbench's remembered tabs, panels, pane sizes and theme for this workspace. */
  uiSettings: { params: z.tuple([]), result: answer<UiSettings>() },
  saveUiSettings: { params: z.tuple([uiSettings]), result: answer<void>() },
  /**
   * What saving this text over a config file would restart (`restart`), and which of those
   * agents are mid-iteration (`busy`): their running iterations would be discarded.
   */
  configSavePlan: { params: z.tuple([path, text]), result: answer<{ restart: string[]; busy: string[] }>() },
  /**
   * Trusts the open folder (kept in the user's own settings, by real path) and starts what was
   * held back (docs/workbench.md#workspace-trust).
   */
  trustWorkspace: { params: z.tuple([]), result: answer<WorkspaceView>() },
  /** Stops trusting the open folder: what it names outside the brain sandboxes stops, and is held back. */
  revokeTrust: { params: z.tuple([]), result: answer<WorkspaceView>() },
  /** The JSON Schema of omw configs (`brainbench schema`), for completion in the TOML editor. */
  configSchema: { params: z.tuple([]), result: answer<Record<string, unknown>>() },
  /** The workspace's breakpoints and exception filters, as placed. */
  debugSettings: { params: z.tuple([]), result: answer<DebugSettingsView>() },
  /** Replaces a brain file's line breakpoints; each comes back placed on a statement line. */
  setSourceBreakpoints: {
    params: z.tuple([path, sourceBreakpoints, editorText]),
    result: answer<PlacedSourceBreakpoint[]>(),
  },
  setExceptionBreakpoints: { params: z.tuple([flag('caught'), flag('uncaught')]), result: answer<void>() },
  /** Host-op breakpoints of an agent (`*`: every agent), each with an optional condition on the call. */
  setCallBreakpoints: { params: z.tuple([agent, callBreakpoints]), result: answer<CallBreakpointResult[]>() },
  /** Goes on from a stop (a statement or a held call): continue, or step over, into, out. */
  debugResume: { params: z.tuple([agent, debugHow]), result: answer<boolean>() },
  /**
   * Lets the agent's held call go on as decided: as it is, with other arguments, answered in its
   * place, or rejected with an error; false when no call is held. A decision the op cannot take
   * is an error, and the call stays held.
   */
  decideHeldCall: { params: z.tuple([agent, heldCallDecision]), result: answer<boolean>() },
  /**
   * Time travel (docs/debugging.md#time-travel): from a stop, to the previous statement, or to the
   * previous stop of a line breakpoint, by re-executing the agent's past; resolves once there.
   */
  debugStepBack: { params: z.tuple([agent]), result: answer<void>() },
  debugReverseContinue: { params: z.tuple([agent]), result: answer<void>() },
  /** To the statement that made a host call (its timeline event's seq), before the call was made. */
  debugGoToCall: { params: z.tuple([agent, traceSeq]), result: answer<void>() },
  /** Where a host call's arguments came from (its timeline event's seq): the earlier answers, as a chain. */
  whyCall: { params: z.tuple([agent, traceSeq]), result: answer<WhyView>() },
  /** Stops the agent at its next statement, or its next host call for a brain without source. */
  debugPause: { params: z.tuple([agent]), result: answer<void>() },
  debugStack: { params: z.tuple([agent]), result: answer<StackFrameInfo[]>() },
  debugScopes: { params: z.tuple([agent, frameId]), result: answer<ScopeInfo[]>() },
  debugVariables: {
    params: z.tuple([agent, reference, pageStart, pageCount]),
    result: answer<VariableInfo[]>(),
  },
  debugSetVariable: {
    params: z.tuple([agent, reference, variableName, valueText]),
    result: answer<VariableInfo>(),
  },
  debugEvaluate: { params: z.tuple([agent, optionalFrameId, expression]), result: answer<EvaluationResult>() },
  agentMemory: { params: z.tuple([agent]), result: answer<Record<string, string>>() },
  /** Sets a memory entry; null removes it. */
  setMemory: { params: z.tuple([agent, memoryKey, memoryValue]), result: answer<void>() },
  agentInbox: { params: z.tuple([agent]), result: answer<EventEnvelope[]>() },
  /** Drops the pending event at `index` if it is still the one from source `id`. */
  dropInboxEvent: { params: z.tuple([agent, inboxIndex, sourceId]), result: answer<boolean>() },
  /** Recording files of the workspace: the session's, its branches, other `*.jsonl` recordings. */
  recordings: { params: z.tuple([]), result: answer<RecordingFileView[]>() },
  /** A recording opened offline (no agent started): its agents and their iterations. */
  openRecording: { params: z.tuple([path]), result: answer<RecordingView>() },
  recordedIteration: { params: z.tuple([path, agent, iteration]), result: answer<RecordedIterationView>() },
  /** An agent's state after recorded iteration `afterIteration` (0: before the first). */
  forkPoint: { params: z.tuple([path, agent, afterIteration]), result: answer<ForkPointView>() },
  /** Runs a branch headless from a fork point; `recording-progress` events follow it. */
  forkRecording: {
    params: z.tuple([path, agent, afterIteration, forkEdits, recordedBrains]),
    result: answer<BranchView>(),
  },
  /** What a replay would run in the workspace: its agents, those it leaves out and why, their brains by hash. */
  replayPlan: { params: z.tuple([path, recordedBrains]), result: answer<ReplayPlanView>() },
  /** Replays with the workspace's brains (or the recorded ones, in the workspace's runtimes). */
  replayRecording: { params: z.tuple([path, recordedBrains]), result: answer<ReplayView>() },
  compareRecordings: { params: z.tuple([path, otherPath]), result: answer<RecordingComparisonView>() },
  /** Writes an omw test folder (a new or empty folder of the workspace) from a recording. */
  saveRecordingAsTest: {
    params: z.tuple([path, testFolder, testAgents]),
    result: answer<{ dir: string; files: string[] }>(),
  },
  /** Tokens, cost and calls per agent and iteration of a recording (docs/recordings.md#accounting). */
  accounting: { params: z.tuple([recordingPath]), result: answer<AccountingView>() },
  /** One recorded iteration's host calls on its time axis. */
  accountingWaterfall: {
    params: z.tuple([recordingPath, agent, iterationPosition]),
    result: answer<IterationWaterfall>(),
  },
  /** The workspace's eval files and results files (its own and the workbench's runs). */
  evalFiles: { params: z.tuple([]), result: answer<EvalFilesView>() },
  /** Runs an eval (trusted workspaces only); `eval-progress` events follow it; answers its results file. */
  runEval: { params: z.tuple([path, evalRunOptions]), result: answer<string>() },
  /** Stops the running eval taking new trials; false when none runs. */
  cancelEval: { params: z.tuple([]), result: answer<boolean>() },
  /** A chunk of a results file's trials as compact cells, from a cursor (null: the start). */
  evalResults: { params: z.tuple([path, resultsCursor]), result: answer<ResultsChunk>() },
  /** The trial line starting at byte `at` of a results file, in full, with its recording. */
  evalTrial: { params: z.tuple([path, byteOffset]), result: answer<TrialDetailView>() },
  compareEvalResults: { params: z.tuple([path, otherPath]), result: answer<EvalComparisonView>() },
  /**
   * Add to dataset: a case from a recording or branch (null: the live session's recording), an
   * agent's iteration (null: its first), appended to a dataset of the workspace.
   */
  addEvalCase: {
    params: z.tuple([
      recordingPath,
      parameter('dataset', z.string()),
      caseId,
      optionalAgent,
      optionalIteration,
      expectedText,
    ]),
    result: answer<AddedCaseView>(),
  },
  /** Replays every recording of a workspace folder against its brains; `corpus-progress` events follow it. */
  replayCorpus: { params: z.tuple([corpusFolder, expectDivergence]), result: answer<CorpusReplayView>() },
  /** Stops the running corpus replay; what was done is kept. False when none runs. */
  cancelCorpusReplay: { params: z.tuple([]), result: answer<boolean>() },
  /** Chaos on a recording: one replay per mutated effect, on mocks; `chaos-progress` events follow it. */
  runChaos: { params: z.tuple([path, chaosSeed, chaosMax]), result: answer<ChaosView>() },
  cancelChaos: { params: z.tuple([]), result: answer<boolean>() },
  /** Writes the omw test of a mutation that broke a brain (`brainbench chaos --save`) into a new or empty folder. */
  saveChaosTest: {
    params: z.tuple([path, chaosMutation, testFolder]),
    result: answer<{ dir: string; files: string[] }>(),
  },
  /** k recordings of one case aligned call by call: where they split and the answer that made them (`brainbench diff a b c`). */
  splitRecordings: { params: z.tuple([splitPaths]), result: answer<SplitView>() },
  /** A watch expression's value at every hit of a brain line in the agent's ended iterations (docs/debugging.md#watches-in-the-past). */
  debugWatchInPast: {
    params: z.tuple([agent, path, parameter('line', z.number().int().positive()), parameter('expression', z.string())]),
    result: answer<PastWatchView>(),
  },
  /** The same over an opened recording's iterations, re-executed with the workspace's brain (or the recorded one). */
  recordingWatch: {
    params: z.tuple([
      path,
      agent,
      parameter('brain', z.string()),
      parameter('line', z.number().int().positive()),
      parameter('expression', z.string()),
      flag('recordedBrains'),
    ]),
    result: answer<PastWatchView>(),
  },
  /** Line counts over an opened recording (docs/debugging.md#which-lines-ran), by brain file as the workspace names it. */
  recordingCoverage: {
    params: z.tuple([path, flag('recordedBrains')]),
    result: answer<RecordingCoverageView>(),
  },
  /** A logpoint's messages over an opened recording's iterations (docs/debugging.md#logpoints-in-the-past). */
  recordingLogpoint: {
    params: z.tuple([
      path,
      agent,
      parameter('brain', z.string()),
      parameter('line', z.number().int().positive()),
      parameter('message', z.string()),
      flag('recordedBrains'),
    ]),
    result: answer<PastWatchView>(),
  },
  /**
   * Debugs an agent of an opened recording (docs/debugging.md#time-travel-in-a-recording) from an
   * iteration (null: the first): at its first statement (`entry`) or the first breakpoint hit on (`continue`).
   */
  recordingDebugStart: {
    params: z.tuple([
      path,
      agent,
      parameter('iteration', z.number().int().nonnegative().nullable()),
      parameter('how', z.enum(['entry', 'continue'])),
      flag('recordedBrains'),
    ]),
    result: answer<RecordingDebugView>(),
  },
  /** Moves a recording's debug session forward (as the debugger steps) or back; answers where it stopped. */
  recordingDebugMove: {
    params: z.tuple([
      path,
      agent,
      parameter('move', z.enum(['continue', 'next', 'step-in', 'step-out', 'step-back', 'reverse-continue'])),
    ]),
    result: answer<RecordingDebugView>(),
  },
  /** A watch expression where a recording's debug session is stopped. */
  recordingDebugEvaluate: { params: z.tuple([path, agent, expression]), result: answer<string>() },
  /** Ends a recording's debug session; false when none ran. */
  recordingDebugEnd: { params: z.tuple([path, agent]), result: answer<boolean>() },
  /**
   * Line counts over a results file's trials (docs/debugging.md#which-lines-ran), or one case's
   * (null: all), each trial's recording re-executed; `eval-line-counts-progress` events follow it.
   */
  evalLineCounts: {
    params: z.tuple([path, parameter('case', z.string().min(1).max(200).nullable())]),
    result: answer<EvalLineCountsView>(),
  },
  /** Ends the running eval line counts and their agent processes now. False when none run. */
  cancelEvalLineCounts: { params: z.tuple([]), result: answer<boolean>() },
  /** A frame's scopes where a recording's debug session is stopped (`stop`, as its view says). */
  recordingDebugScopes: { params: z.tuple([path, agent, recordingStop, frameId]), result: answer<ScopeInfo[]>() },
  /** A scope's or a value's children, by reference, where a recording's debug session is stopped. */
  recordingDebugVariables: {
    params: z.tuple([path, agent, recordingStop, reference, pageStart, pageCount]),
    result: answer<VariableInfo[]>(),
  },
  /** An expression in a frame (null: the top one) where a recording's debug session is stopped; its value by reference. */
  recordingDebugEvaluateIn: {
    params: z.tuple([path, agent, recordingStop, optionalFrameId, expression]),
    result: answer<EvaluationResult>(),
  },
  /** The brain text a recording's debug session runs in an iteration, read-only, around a line. */
  recordingDebugSource: {
    params: z.tuple([
      path,
      agent,
      parameter('iteration', z.number().int().nonnegative()),
      parameter('line', z.number().int().positive()),
    ]),
    result: answer<RecordingSourceView>(),
  },
  /** Where the trials of one case of a results file split: their recordings aligned call by call (`splitRecordings`). */
  evalTrialSplit: {
    params: z.tuple([path, parameter('case', z.string().min(1).max(200))]),
    result: answer<EvalTrialSplitView>(),
  },
} satisfies Record<string, ApiEntry>;

type ApiTable = typeof WORKBENCH_API;

export type ApiMethod = keyof ApiTable;
export type ApiParams<M extends ApiMethod> = z.infer<ApiTable[M]['params']>;
export type ApiResult<M extends ApiMethod> = z.infer<ApiTable[M]['result']>;

/** The API as the host implements it; each request returns a promise of its result. */
export type WorkbenchApi = { [M in ApiMethod]: (...params: ApiParams<M>) => ApiResult<M> };

const API_METHODS = Object.keys(WORKBENCH_API) as readonly ApiMethod[];

/** Whether a request names a method of the contract; nothing else may be dispatched. */
export function isApiMethod(method: unknown): method is ApiMethod {
  return (API_METHODS as readonly unknown[]).includes(method);
}
