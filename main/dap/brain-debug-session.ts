// `brainbench dap`: a Debug Adapter Protocol session over one omw config. Agents are threads;
// their brains are debugged by the same Debugger the workbench uses. `launch` loads the config
// and starts the agent processes; `configurationDone` (after the client set its breakpoints)
// starts the run, which in `run` mode ends with `exited` and `terminated`. The session reads no
// bytes itself: dap-connection.ts hands it checked requests and ends it with its connection.

import { basename, dirname, resolve } from 'node:path';
import {
  DebugSession,
  ExitedEvent,
  InitializedEvent,
  OutputEvent,
  Source,
  StoppedEvent,
  TerminatedEvent,
  ContinuedEvent,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { loadConfig } from '../config/load-config.ts';
import { Host } from '../host/host.ts';
import { heldLines } from '../trust/held-lines.ts';
import { restrictionsFor } from '../trust/restrictions-for.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { forkSpawner } from '../supervisor/fork-spawner.ts';
import { Supervisor } from '../supervisor/supervisor.ts';
import { describeResult } from '../supervisor/iteration-result.ts';
import { Debugger, type DebuggerEvent } from '../debugger/debugger.ts';
import { DapHandles } from './dap-handles.ts';
import { DapTextSources } from './dap-text-sources.ts';
import { openRecordingTarget, type RecordingTarget } from './recording-target.ts';
import type { RecordingDebugger } from '../debugger/recording-debugger.ts';
import { checkRequest } from '../../contract/api-params.ts';
import type { HeldCallDecision } from '../../contract/agent-status.ts';

export interface BrainLaunchArguments extends DebugProtocol.LaunchRequestArguments {
  /** Path of an omw config (for a recording: the workspace's, the current folder's by default). */
  config: string;
  /** Debug a recording's agent instead of running the config's (docs/debugging.md#time-travel-in-a-recording). */
  recording?: string;
  /** With `recording`: run the recorded brain text, not the workspace's brain. */
  recordedBrains?: boolean;
  /** With `recording`: the recorded iteration to start in. */
  iteration?: number;
  /** One agent, or every agent when absent. */
  agent?: string;
  /** `run` (the default) runs each brain once, as `brainbench run`; `loop` loops until stopped. */
  mode?: 'run' | 'loop';
  stopOnEntry?: boolean;
  /** The adapter's token, required over TCP; the connection checks it before the session sees the launch. */
  token?: string;
}

interface Running {
  host: Host;
  supervisor: Supervisor;
  debug: Debugger;
  agents: string[];
  mode: 'run' | 'loop';
  /** A launch with `recording`: its one agent's recorded past, debugged instead of a live run. */
  recording?: undefined;
}

interface RecordingRunning extends RecordingTarget {
  agents: [string];
  recording: true;
}

/** Messages are formatted with `{name}` placeholders; with none given, a brain's braces stay as written. */
const NO_VARIABLES = {};

const EXCEPTION_FILTERS: DebugProtocol.ExceptionBreakpointsFilter[] = [
  {
    filter: 'uncaught',
    label: 'Uncaught errors',
    description: 'Errors that nothing in the brain catches',
    default: false,
  },
  {
    filter: 'caught',
    label: 'Caught errors',
    description: 'Errors that a try/catch in the brain catches',
    default: false,
  },
];

export class BrainDebugSession extends DebugSession {
  #running: Running | RecordingRunning | undefined;
  /** Breakpoints and filters a client sets before `launch` finishes wait here. */
  #launched: Promise<Running | RecordingRunning> | undefined;
  readonly #handles = new DapHandles();
  readonly #textSources = new DapTextSources();
  #configured = false;
  #started = false;
  /** Set once the session ends (disconnect, or its connection went away); it never starts again. */
  #ending: Promise<void> | undefined;

  constructor() {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsFunctionBreakpoints: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsLogPoints: true,
      supportsEvaluateForHovers: true,
      supportsSetVariable: true,
      supportsTerminateRequest: true,
      supportsStepBack: true,
      exceptionBreakpointFilters: EXCEPTION_FILTERS,
    };
    this.sendResponse(response);
  }

  protected override launchRequest(response: DebugProtocol.LaunchResponse, args: BrainLaunchArguments): void {
    if (this.#launched || this.#ending) {
      // A second set of agents would outlive the first's bookkeeping; an ended session starts nothing.
      const format = this.#ending ? 'this session has ended' : 'this session has launched already';
      this.sendErrorResponse(response, { id: 3, format, variables: NO_VARIABLES });
      return;
    }
    this.#launched = this.#launch(args);
    this.#launched.then(
      () => {
        this.sendResponse(response);
        this.sendEvent(new InitializedEvent());
        void this.#startWhenReady();
      },
      (error: unknown) => {
        this.sendErrorResponse(response, { id: 1, format: message(error), showUser: true, variables: NO_VARIABLES });
        this.sendEvent(new TerminatedEvent());
      },
    );
  }

  async #launch(args: BrainLaunchArguments): Promise<Running | RecordingRunning> {
    if (args.recording !== undefined) return this.#launchRecording(args);
    if (typeof args.config !== 'string' || args.config === '')
      throw new Error('launch needs `config`: the path of an omw config');
    const config = loadConfig(args.config, { env: process.env });
    // Workspace trust: after reading the config and before the Host, whose construction would
    // start the config's stdio MCP commands. A folder not trusted runs restricted, and says what
    // it holds back and how to trust it.
    const restrictions = restrictionsFor(dirname(resolve(args.config)), config);
    const all = Object.keys(config.agents);
    if (args.agent !== undefined && !all.includes(args.agent)) {
      throw new Error(`agent "${args.agent}" is not in ${args.config} (it has ${all.join(', ') || 'no agents'})`);
    }
    const mode = args.mode ?? 'run';
    if (mode !== 'run' && mode !== 'loop') throw new Error(`mode must be "run" or "loop", got "${String(mode)}"`);
    const host = new Host(config, restrictions ? { restrictions } : {});
    if (restrictions && restrictions.items.length > 0) {
      const held = heldLines(restrictions.items).join('\n');
      const folder = dirname(resolve(args.config));
      this.sendEvent(
        new OutputEvent(
          `held back, this folder is not trusted (\`brainbench trust ${folder}\` trusts it):\n${held}\n`,
          'console',
        ),
      );
    }
    const supervisor = new Supervisor(host, { spawner: forkSpawner, entry: agentEntry() });
    const debug = new Debugger(supervisor);
    debug.attachAll(true);
    debug.enableTimeTravel();
    if (args.stopOnEntry) debug.setStopOnEntry(true);
    debug.onEvent((event) => this.#onDebuggerEvent(event));
    host.trace.subscribe((event) => {
      if (event.type !== 'log') return;
      const text =
        event.level === 'print' ? `${event.message}\n` : `[${event.agent}] ${event.level}: ${event.message}\n`;
      this.sendEvent(new OutputEvent(text, event.level === 'print' ? 'stdout' : 'console'));
    });
    try {
      await supervisor.start();
      if (this.#ending) throw new Error('the session ended during the launch');
    } catch (error) {
      await supervisor.shutdown();
      throw error;
    }
    this.#running = { host, supervisor, debug, agents: args.agent ? [args.agent] : all, mode };
    return this.#running;
  }

  #launchRecording(args: BrainLaunchArguments): RecordingRunning {
    const target = openRecordingTarget(
      {
        recording: args.recording!,
        ...(args.config === undefined ? {} : { config: args.config }),
        ...(args.agent === undefined ? {} : { agent: args.agent }),
        ...(args.iteration === undefined ? {} : { iteration: args.iteration }),
        recordedBrains: args.recordedBrains === true,
        stopOnEntry: args.stopOnEntry === true,
      },
      forkSpawner,
      agentEntry(),
    );
    target.debug.onEvent((event) => this.#onDebuggerEvent(event));
    this.#running = { ...target, agents: [target.debug.agent], recording: true };
    return this.#running;
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.#configured = true;
    this.sendResponse(response);
    void this.#startWhenReady();
  }

  async #startWhenReady(): Promise<void> {
    const running = this.#running;
    if (!running || !this.#configured || this.#started) return;
    this.#started = true;
    if (running.recording) {
      await running.start().catch((error: unknown) => {
        this.sendEvent(new OutputEvent(`${message(error)}\n`, 'console'));
        this.sendEvent(new TerminatedEvent());
      });
      return;
    }
    if (running.mode === 'loop') {
      running.supervisor.loop(running.agents);
      return;
    }
    const results = await running.supervisor.run(running.agents);
    let failed = 0;
    for (const [agent, result] of results) {
      if (result.kind === 'failed') failed++;
      const brain = running.host.context(agent).script;
      this.sendEvent(new OutputEvent(`${agent}: ${describeResult(result, brain)}\n`, 'console'));
    }
    this.sendEvent(new ExitedEvent(failed > 0 ? 1 : 0));
    this.sendEvent(new TerminatedEvent());
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    this.#answer(response, async () => {
      const { debug } = await this.#session();
      const path = args.source.path;
      if (!path) throw new Error('setBreakpoints needs a source path');
      const requested = (args.breakpoints ?? []).map((b) => ({
        line: this.convertClientLineToDebugger(b.line),
        ...(b.condition === undefined ? {} : { condition: b.condition }),
        ...(b.hitCondition === undefined ? {} : { hitCondition: b.hitCondition }),
        ...(b.logMessage === undefined ? {} : { logMessage: b.logMessage }),
      }));
      const placed = debug.setSourceBreakpoints(path, requested);
      return {
        breakpoints: placed.map((p) => ({
          verified: p.verified,
          line: this.convertDebuggerLineToClient(p.line),
          source: new Source(basename(path), path),
          ...(p.message === undefined ? {} : { message: p.message }),
        })),
      };
    });
  }

  protected override setFunctionBreakPointsRequest(
    response: DebugProtocol.SetFunctionBreakpointsResponse,
    args: DebugProtocol.SetFunctionBreakpointsArguments,
  ): void {
    this.#answer(response, async () => {
      const { debug } = await this.#live('host-call breakpoints');
      const results = debug.setFunctionBreakpoints(
        args.breakpoints.map((b) => ({
          name: b.name,
          ...(b.condition === undefined ? {} : { condition: b.condition }),
        })),
      );
      return {
        breakpoints: results.map((r) => ({ verified: r.verified, ...(r.message ? { message: r.message } : {}) })),
      };
    });
  }

  protected override setExceptionBreakPointsRequest(
    response: DebugProtocol.SetExceptionBreakpointsResponse,
    args: DebugProtocol.SetExceptionBreakpointsArguments,
  ): void {
    this.#answer(response, async () => {
      const { debug } = await this.#session();
      debug.setExceptionFilters({
        caught: args.filters.includes('caught'),
        uncaught: args.filters.includes('uncaught'),
      });
      return undefined;
    });
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    const agents = this.#running?.agents ?? [];
    response.body = { threads: agents.map((agent) => ({ id: this.#threadId(agent), name: agent })) };
    this.sendResponse(response);
  }

  protected override stackTraceRequest(
    response: DebugProtocol.StackTraceResponse,
    args: DebugProtocol.StackTraceArguments,
  ): void {
    this.#answer(response, async () => {
      const running = await this.#session();
      const agent = this.#agentOf(args.threadId);
      const frames = running.recording ? await running.debug.stackTrace() : await running.debug.stackTrace(agent);
      const start = args.startFrame ?? 0;
      const page = frames.slice(start, args.levels ? start + args.levels : undefined);
      return {
        totalFrames: frames.length,
        stackFrames: page.map((f) => ({
          id: this.#handles.frame(agent, f.id),
          name: f.name,
          line: this.convertDebuggerLineToClient(f.line),
          column: this.convertDebuggerColumnToClient(f.column),
          source: this.#textSources.source(basename(f.source), f.source, f.text),
        })),
      };
    });
  }

  /** The text of code without a file (Rhai `eval` code), by the reference its frame's source gave. */
  protected override sourceRequest(response: DebugProtocol.SourceResponse, args: DebugProtocol.SourceArguments): void {
    this.#answer(response, () => {
      const reference = args.source?.sourceReference ?? args.sourceReference;
      return Promise.resolve({ content: this.#textSources.text(reference), mimeType: 'text/x-rhai' });
    });
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    this.#answer(response, async () => {
      const running = await this.#session();
      const { agent, id } = this.#handles.frameOf(args.frameId);
      const scopes = running.recording ? await running.debug.scopes(id) : await running.debug.scopes(agent, id);
      return {
        scopes: scopes.map((s) => ({
          name: s.name,
          expensive: s.expensive,
          variablesReference: this.#handles.reference(agent, s.variablesReference),
        })),
      };
    });
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    this.#answer(response, async () => {
      const running = await this.#session();
      const { agent, id } = this.#handles.referenceOf(args.variablesReference);
      const variables = running.recording
        ? await running.debug.variables(id, args.start, args.count)
        : await running.debug.variables(agent, id, args.start, args.count);
      return {
        variables: variables.map((v) => ({
          ...v,
          variablesReference: this.#handles.reference(agent, v.variablesReference),
        })),
      };
    });
  }

  protected override setVariableRequest(
    response: DebugProtocol.SetVariableResponse,
    args: DebugProtocol.SetVariableArguments,
  ): void {
    this.#answer(response, async () => {
      const { debug } = await this.#live('editing values (a recording is the past, which cannot change)');
      const { agent, id } = this.#handles.referenceOf(args.variablesReference);
      const v = await debug.setVariable(agent, id, args.name, args.value);
      return { ...v, variablesReference: this.#handles.reference(agent, v.variablesReference) };
    });
  }

  protected override evaluateRequest(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): void {
    this.#answer(response, async () => {
      const running = await this.#session();
      const where = args.frameId === undefined ? undefined : this.#handles.frameOf(args.frameId);
      let result;
      let agent: string | undefined;
      if (running.recording) {
        agent = running.agents[0];
        result = await running.debug.evaluate(where?.id, args.expression);
      } else {
        const { debug } = running;
        agent = where?.agent ?? running.agents.find((a) => debug.isStopped(a));
        if (agent === undefined) throw new Error('no agent is stopped: evaluation needs a stopped brain');
        result = await debug.evaluate(agent, where?.id, args.expression);
      }
      return { ...result, variablesReference: this.#handles.reference(agent, result.variablesReference) };
    });
  }

  protected override continueRequest(
    response: DebugProtocol.ContinueResponse,
    args: DebugProtocol.ContinueArguments,
  ): void {
    this.#resume(response, args.threadId, 'continue');
  }

  protected override nextRequest(response: DebugProtocol.NextResponse, args: DebugProtocol.NextArguments): void {
    this.#resume(response, args.threadId, 'next');
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse, args: DebugProtocol.StepInArguments): void {
    this.#resume(response, args.threadId, 'step-in');
  }

  protected override stepOutRequest(
    response: DebugProtocol.StepOutResponse,
    args: DebugProtocol.StepOutArguments,
  ): void {
    this.#resume(response, args.threadId, 'step-out');
  }

  protected override stepBackRequest(
    response: DebugProtocol.StepBackResponse,
    args: DebugProtocol.StepBackArguments,
  ): void {
    this.#travel(response, args.threadId, (debug, agent) => debug.stepBack(agent));
  }

  protected override reverseContinueRequest(
    response: DebugProtocol.ReverseContinueResponse,
    args: DebugProtocol.ReverseContinueArguments,
  ): void {
    this.#travel(response, args.threadId, (debug, agent) => debug.reverseContinue(agent));
  }

  protected override pauseRequest(response: DebugProtocol.PauseResponse, args: DebugProtocol.PauseArguments): void {
    this.#answer(response, async () => {
      const { debug } = await this.#live('pausing (a recording is stopped whenever it is not moving)');
      debug.pause(this.#agentOf(args.threadId));
      return undefined;
    });
  }

  protected override terminateRequest(response: DebugProtocol.TerminateResponse): void {
    this.#answer(response, async () => {
      await this.#shutdown();
      this.sendEvent(new TerminatedEvent());
      return undefined;
    });
  }

  protected override disconnectRequest(response: DebugProtocol.DisconnectResponse): void {
    void this.end().finally(() => this.sendResponse(response));
  }

  /**
   * Ends the session for good, however it ended: its agents stop and their processes are gone
   * (a launch still under way is waited for, then undone). Safe to call more than once.
   */
  end(): Promise<void> {
    this.#ending ??= (async () => {
      await this.#launched?.catch(() => undefined);
      await this.#shutdown();
    })();
    return this.#ending;
  }

  #resume(response: DebugProtocol.Response, threadId: number, how: 'continue' | 'next' | 'step-in' | 'step-out'): void {
    this.#answer(response, async () => {
      const running = await this.#session();
      const agent = this.#agentOf(threadId);
      this.#handles.forget(agent);
      if (running.recording) {
        // Answered at once, as a live resume is; the next stop (or why there is none) follows.
        running.debug.resume(how).catch((error: unknown) => {
          this.sendEvent(new OutputEvent(`time travel: ${message(error)}\n`, 'console'));
        });
      } else if (!running.debug.resume(agent, how)) throw new Error(`agent "${agent}" is not stopped`);
      return how === 'continue' ? { allThreadsContinued: false } : undefined;
    });
  }

  /**
   * Requests of Brainbench's own, beyond the protocol (docs/debugging.md#brainbench-dap):
   * `goToHostCall` `{threadId, iteration, call}` goes back to the statement that made the
   * iteration's host call number `call` (0-based, in call order); `whyHostCall`, same arguments,
   * answers where that call's arguments came from. `decideHeldCall` `{threadId, decision}` lets a
   * held host call go on as the workbench's held-call box does: `{kind: "proceed"}`,
   * `{kind: "edit", args}`, `{kind: "answer", value}` or `{kind: "reject", error}`.
   */
  protected override customRequest(command: string, response: DebugProtocol.Response, args: unknown): void {
    if (command === 'decideHeldCall') {
      this.#decideHeldCall(response, args);
      return;
    }
    if (command === 'watchInPast') {
      this.#watchInPast(response, args);
      return;
    }
    if (command !== 'goToHostCall' && command !== 'whyHostCall') {
      this.sendErrorResponse(response, { id: 4, format: `unknown request "${command}"`, variables: NO_VARIABLES });
      return;
    }
    const { threadId, iteration, call } = (args ?? {}) as Record<string, unknown>;
    const count = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
    if (!count(threadId) || !count(iteration) || !count(call)) {
      const format = `${command} needs \`threadId\`, \`iteration\` and \`call\`, each a whole number`;
      this.sendErrorResponse(response, { id: 4, format, variables: NO_VARIABLES });
      return;
    }
    if (command === 'whyHostCall') {
      this.#answer(response, async () => {
        const { debug } = await this.#live('whyHostCall');
        return debug.whyCall(this.#agentOf(threadId as number), {
          iteration: iteration as number,
          call: call as number,
        });
      });
      return;
    }
    this.#travel(response, threadId as number, (debug, agent) =>
      debug.goToCall(agent, { iteration: iteration as number, call: call as number }),
    );
  }

  /**
   * `watchInPast` `{threadId, source: {path}, line, expression}`: the expression's value at every
   * hit of the line in the thread's ended iterations (docs/debugging.md#watches-in-the-past); the
   * values are `output` events too.
   */
  #watchInPast(response: DebugProtocol.Response, args: unknown): void {
    this.#answer(response, async () => {
      const { debug } = await this.#live("watchInPast (a recording has the workbench's recording watch)");
      const { threadId, source, line, expression } = (args ?? {}) as Record<string, unknown>;
      const path = (source as { path?: unknown } | undefined)?.path;
      if (
        typeof threadId !== 'number' ||
        typeof path !== 'string' ||
        typeof line !== 'number' ||
        typeof expression !== 'string'
      )
        throw new Error('watchInPast needs `threadId`, `source` with a `path`, `line` and `expression`');
      return debug.watchInPast(this.#agentOf(threadId), path, line, expression);
    });
  }

  /** The decision is checked as the workbench's API checks it; one the op cannot take is refused. */
  #decideHeldCall(response: DebugProtocol.Response, args: unknown): void {
    this.#answer(response, async () => {
      const { debug } = await this.#live('decideHeldCall (a recording holds no call)');
      const { threadId, decision } = (args ?? {}) as Record<string, unknown>;
      if (typeof threadId !== 'number') throw new Error('decideHeldCall needs `threadId` and `decision`');
      const agent = this.#agentOf(threadId);
      const checked = checkRequest('decideHeldCall', [agent, decision]);
      if (!checked.ok) throw new Error(checked.error);
      this.#handles.forget(agent);
      if (!debug.decideHeldCall(agent, checked.params[1] as HeldCallDecision)) {
        throw new Error(`agent "${agent}" is not held in a host call`);
      }
      return undefined;
    });
  }

  /** Answered once the view arrived in the past; its `stopped` event says where. */
  #travel(
    response: DebugProtocol.Response,
    threadId: number,
    go: (debug: Debugger | RecordingAsAgent, agent: string) => Promise<void>,
  ): void {
    this.#answer(response, async () => {
      const running = await this.#session();
      const agent = this.#agentOf(threadId);
      this.#handles.forget(agent);
      await go(running.recording ? recordingAsAgent(running.debug) : running.debug, agent);
      return undefined;
    });
  }

  #onDebuggerEvent(event: DebuggerEvent): void {
    switch (event.type) {
      case 'stopped': {
        const past = event.past && `in the past: iteration ${event.past.iteration}, statement ${event.past.statement}`;
        const text = event.description ?? past ?? (event.op ? `held before ${event.op}` : undefined);
        const stopped = new StoppedEvent(event.reason, this.#threadId(event.agent), text) as DebugProtocol.StoppedEvent;
        stopped.body.allThreadsStopped = false;
        if (event.description !== undefined || past) stopped.body.description = text;
        this.sendEvent(stopped);
        return;
      }
      case 'continued':
        this.sendEvent(new ContinuedEvent(this.#threadId(event.agent), false));
        return;
      case 'output':
        this.sendEvent(new OutputEvent(`${event.text}\n`, 'console'));
        return;
    }
  }

  /** A session that runs the config's agents: what a recording cannot do is refused in one line. */
  async #live(what: string): Promise<Running> {
    const running = await this.#session();
    if (running.recording) throw new Error(`${what}: not in a recording's debug session`);
    return running;
  }

  async #session(): Promise<Running | RecordingRunning> {
    if (!this.#launched) throw new Error('launch first');
    return this.#launched.catch((error: unknown) => {
      throw new Error(`the launch failed: ${message(error)}`);
    });
  }

  #threadId(agent: string): number {
    return (this.#running?.agents.indexOf(agent) ?? -1) + 1;
  }

  #agentOf(threadId: number): string {
    const agent = this.#running?.agents[threadId - 1];
    if (agent === undefined) throw new Error(`no thread ${threadId}`);
    return agent;
  }

  /** Answers a request with what `work` gives, or with its error: one bad request ends nothing. */
  #answer(response: DebugProtocol.Response, work: () => Promise<unknown>): void {
    work().then(
      (body) => {
        if (body !== undefined) response.body = body;
        this.sendResponse(response);
      },
      (error: unknown) =>
        this.sendErrorResponse(response, { id: 2, format: message(error), showUser: false, variables: NO_VARIABLES }),
    );
  }

  async #shutdown(): Promise<void> {
    const running = this.#running;
    this.#running = undefined;
    if (!running) return;
    running.debug.dispose();
    if (!running.recording) await running.supervisor.shutdown();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The time-travel moves of a recording, asked as the Debugger is asked them (by agent). */
type RecordingAsAgent = Pick<Debugger, 'stepBack' | 'reverseContinue' | 'goToCall'>;

function recordingAsAgent(debug: RecordingDebugger): RecordingAsAgent {
  return {
    stepBack: () => debug.stepBack(),
    reverseContinue: () => debug.reverseContinue(),
    goToCall: (_agent, call) => {
      if ('seq' in call) throw new Error("a recording's host calls are named by iteration and call");
      return debug.goToCall(call.iteration, call.call);
    },
  };
}
