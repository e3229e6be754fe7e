// Time travel for one agent (docs/debugging.md#time-travel): Step Back, Reverse Continue and, once
// in the past, stepping and continuing forward, by re-executing the agent's iterations in a
// process of its own with every host call served from what was recorded. A place in the past is
// an iteration and a statement count from its start; re-executing to it is deterministic, so it
// is found again exactly. The live brain, if there is one, stays where it stopped (the present);
// going forward from the past stops there again.

import type { TravelOutcome } from '../agent-protocol/agent-protocol.ts';
import type {
  DebugAnswer,
  DebugConfig,
  DebugRequest,
  ResumeHow,
  StopReason,
  TravelGoal,
  TravelReport,
} from '../runtimes/debug/debug-protocol.ts';
import { memoryAfter, scriptOf, type PastIteration } from './past-iteration.ts';
import type { PastProcess, PastStop } from './past-process.ts';
import { SaidLogs, type LogMessage, type PastPoint } from './said-logs.ts';

/** Where the live brain is stopped: at a statement, or held in a host call. */
export interface Present {
  /** Host calls its iteration has made so far (a held one not counted). */
  calls: number;
  /** Its statement count, when the engine saw every statement; otherwise it is found by `locate`. */
  statement?: number;
  /** Held in its next host call: the statement making it is the present. */
  held: boolean;
  locate?: NonNullable<TravelGoal['locate']>;
  /** Every statement since an earlier stop in the same iteration was seen: this many after it. */
  after?: { present: Present; statements: number };
  /** Its depth; for a held call, that of the statement making it (found with it). */
  depth?: number;
  /** Its statement count once found. */
  found?: number;
}

/** A place in the past where the re-execution is stopped. */
export interface PastPlace {
  /** Index into the agent's iterations, and the iteration's number. */
  index: number;
  iteration: number;
  statement: number;
  depth: number;
  source: string;
  line: number;
  column: number;
  /** Host calls served up to here. */
  served: number;
}

export type TravelEvent =
  | { type: 'stopped'; place: PastPlace; reason: StopReason; description?: string }
  /** Going forward reached the present: the live brain is where the view is again. */
  | { type: 'present' }
  | { type: 'output'; text: string }
  /** With `speak`: a logpoint's message in iteration `iteration`, which a move passed over. */
  | { type: 'log'; iteration: number; message: LogMessage }
  /** With `speak`: messages over iteration `iteration`'s limit, counted and not said, as a move passed its end. */
  | { type: 'logs-dropped'; iteration: number; count: number };

export interface TravelOptions {
  /**
   * Logpoints speak as the view passes them (a recording's debug session, which has no live brain
   * to have said them): each move says the messages of the statements between where it was and
   * where it arrives, in the brain's order, before its stop.
   */
  speak?: boolean;
}

/** What a past iteration's statements look like, as far as a re-execution has seen them. */
interface IterationMap {
  /** Depth of statement 1, 2, …; every statement when `complete`. */
  depths: number[];
  complete: boolean;
  /** Where breakpoints stop, for the breakpoints of `version`, among the statements in `depths`. */
  hits: number[];
  version: number;
}

type Reached = { stop: PastStop } | { outcome: TravelOutcome };

export class AgentTravel {
  #present: Present | undefined;
  #at: PastPlace | undefined;
  readonly #maps = new Map<number, IterationMap>();
  #version = 0;
  /** The re-execution that is stopped now: its end, once abandoned or run out. */
  #running: Promise<TravelOutcome> | undefined;
  #waiting: ((stop: PastStop) => void) | undefined;
  /** The number of the re-execution under way: a stop of an earlier one is stale. */
  #run = 0;
  /** Operations run one at a time, in the order asked. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #said = new SaidLogs();
  /** The breakpoints hold a logpoint. */
  #logpoints = false;
  /** While a speaking move is under way: its events, told after what it passed over. */
  #held: TravelEvent[] | undefined;

  constructor(
    private readonly process: PastProcess,
    /** The agent's iterations, oldest first; for a live agent the last is the present's. */
    private readonly iterations: () => readonly PastIteration[],
    private readonly emit: (event: TravelEvent) => void,
    private readonly options: TravelOptions = {},
  ) {
    process.onStop = (stop) => {
      if (stop.travel?.run !== this.#run) return;
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting?.(stop);
    };
  }

  /** Where the view is in the past; undefined at the present (or before any travel). */
  get at(): PastPlace | undefined {
    return this.#at;
  }

  /** The live brain stopped here (or went on: undefined); the past seen so far stays known. */
  setPresent(present: Present | undefined): void {
    this.#present = present;
    if (present) return;
    this.#at = undefined;
    void this.#serialized(() => this.#abandon());
  }

  /** New breakpoints: where they stop in the past must be found again. */
  configure(config: DebugConfig): void {
    this.#version++;
    this.#said.forget();
    this.#logpoints = Object.values(config.breakpoints).some((list) => list.some((b) => b.logMessage !== undefined));
    this.process.configure(config);
  }

  stepBack(): Promise<void> {
    return this.#passing(undefined, async () => {
      const from = await this.#from();
      let place = await this.#previous(from.index, from.statement, (depth) => depth <= from.depth);
      for (let index = from.index - 1; !place && index >= 0; index--) {
        const map = await this.#map(index, Infinity);
        const top = map.depths[0];
        if (top !== undefined) place = lastWhere(map.depths, map.depths.length + 1, (depth) => depth <= top, index);
      }
      if (!place) return this.#atTheStart(from);
      await this.#seek(place.index, place.statement, 'step');
    });
  }

  reverseContinue(): Promise<void> {
    return this.#passing(undefined, async () => {
      const from = await this.#from();
      let found = await this.#previousHit(from.index, from.statement);
      for (let index = from.index - 1; found === undefined && index >= 0; index--) {
        found = await this.#previousHit(index, Infinity);
      }
      if (found === undefined) {
        if (this.iterations().length === 0) return;
        await this.#seek(0, 1, 'entry', 'no breakpoint is hit before here: the start of the recorded past');
        return;
      }
      await this.#seek(found.index, found.statement, 'breakpoint');
    });
  }

  /**
   * To the statement that makes host call `call` (0-based, in call order) of iteration `iteration`,
   * before it is made: found by re-executing the iteration with its calls up to that one only.
   */
  toCall(iteration: number, call: number): Promise<void> {
    return this.#serialized(async () => {
      const index = this.iterations().findIndex((past) => past.iteration === iteration);
      const past = this.iterations()[index];
      if (!past) throw new Error(`iteration ${iteration} is not in the recorded past (older iterations are not kept)`);
      const recorded = past.calls[call];
      if (!recorded)
        throw new Error(`iteration ${iteration} made ${past.calls.length} host calls so far, not ${call + 1}`);
      const reached = await this.#go(index, { record: true }, past.calls.slice(0, call));
      await this.#abandon();
      const report = 'stop' in reached ? reached.stop.travel : reached.outcome.report;
      if (report) this.#note(index, report, false);
      const unserved = report?.unserved;
      if (!unserved || unserved.op !== recorded.op) {
        throw new Error(
          `the re-execution of iteration ${iteration} did not make ${recorded.op} as its call ${call + 1}`,
        );
      }
      await this.#seek(
        index,
        unserved.statement,
        'step',
        `before ${recorded.op}, call ${call + 1} of iteration ${iteration}`,
      );
    });
  }

  /**
   * Starts the view in iteration `index` of a past with no present (an opened recording): at its
   * first statement (`entry`), or at the first breakpoint hit from its start on, in it or a later
   * iteration (`continue`; the end of the recorded past when none is hit).
   */
  enter(index: number, how: 'entry' | 'continue'): Promise<void> {
    return this.#passing({ index, statement: 1 }, async () => {
      if (!this.iterations()[index]) throw new Error(`no iteration at ${index} in the recorded past`);
      if (how === 'entry') return this.#seek(index, 1, 'entry');
      let reached = await this.#freely(index);
      while ('outcome' in reached) {
        if (index + 1 >= this.iterations().length) {
          const last = await this.#lastStatement(index);
          return this.#seek(index, last, 'step', 'no breakpoint is hit from there on: the end of the recorded past');
        }
        reached = await this.#freely(++index);
      }
      this.#arrive(index, reached.stop);
    });
  }

  /** Steps or continues forward from the past; reaching the present returns the view there. */
  forward(how: ResumeHow): Promise<void> {
    return this.#passing(undefined, async () => {
      const at = this.#at;
      if (!at) throw new Error('not in the past');
      const stopped = this.#nextStop();
      await this.process.request({ t: 'resume', how });
      let reached = await this.#reached(stopped);
      let index = at.index;
      while ('outcome' in reached) {
        // The iteration ran to its end: on into the next one.
        index++;
        if (index >= this.iterations().length) {
          await this.#seek(index - 1, await this.#lastStatement(index - 1), 'step', 'the end of the recorded past');
          return;
        }
        reached = how === 'continue' ? await this.#freely(index) : await this.#go(index, { to: 1, reason: 'step' });
      }
      this.#arrive(index, reached.stop);
    });
  }

  /** Asks the re-execution stopped in the past (stack, scopes, variables, evaluation). */
  request(request: DebugRequest): Promise<DebugAnswer> {
    return this.process.request(request);
  }

  /** The agent's memory at the place in the past. */
  memory(): Map<string, string> | undefined {
    const at = this.#at;
    const past = at && this.iterations()[at.index];
    return past && memoryAfter(past, at.served);
  }

  dispose(): void {
    this.process.dispose();
  }

  /** Whether logpoints speak as the view passes them. */
  get #speaks(): boolean {
    return this.options.speak === true && this.#logpoints;
  }

  /**
   * A move that passes over statements (from `start`, else where the view is): when logpoints
   * speak, the messages of the statements between there and where it arrives, then its stop.
   */
  #passing(start: PastPoint | undefined, move: () => Promise<void>): Promise<void> {
    return this.#serialized(async () => {
      if (!this.#speaks) return move();
      const from = start ?? this.#at;
      const held: TravelEvent[] = [];
      this.#held = held;
      try {
        await move();
        const to = this.#at;
        if (from && to) await this.#sayBetween(from, to);
      } finally {
        this.#held = undefined;
        for (const event of held) this.emit(event);
      }
    });
  }

  /** Says what logpoints said between two places; iterations not known far enough are re-executed first. */
  async #sayBetween(from: PastPoint, to: PastPlace): Promise<void> {
    const unknown = this.#said.unknown(from, to);
    if (unknown.length > 0) {
      try {
        for (const index of unknown) await this.#record(index, Infinity);
      } catch (error) {
        this.emit({
          type: 'output',
          text: `time travel: the logpoints could not be heard: ${(error as Error).message}`,
        });
      }
      // Those re-executions ended the one stopped where the view is: it is stopped there again.
      await this.#reach(to.index, to.statement, 'step');
    }
    for (const passed of this.#said.between(from, to)) {
      const { iteration } = this.iterations()[passed.index]!;
      if (passed.type === 'log') this.emit({ type: 'log', iteration, message: passed.message });
      else this.emit({ type: 'logs-dropped', iteration, count: passed.count });
    }
  }

  /** An event of the view, held while a speaking move is under way. */
  #tell(event: TravelEvent): void {
    if (this.#held) this.#held.push(event);
    else this.emit(event);
  }

  #serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work, work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Where a step or reverse continue starts: the place in the past, or the present. */
  async #from(): Promise<{ index: number; statement: number; depth: number }> {
    if (this.#at) return this.#at;
    const present = this.#present;
    if (!present) throw new Error('time travel starts where the brain is stopped');
    const index = this.iterations().length - 1;
    const statement = await this.#presentAt(index, present);
    const depth = present.depth ?? (await this.#map(index, statement)).depths[statement - 1] ?? 0;
    present.depth = depth;
    return { index, statement, depth };
  }

  /** The present's statement count: given, after an earlier stop's, or found by re-executing its iteration. */
  async #presentAt(index: number, present: Present): Promise<number> {
    present.found ??= present.statement;
    if (present.found !== undefined) return present.found;
    if (present.after) {
      present.found = (await this.#presentAt(index, present.after.present)) + present.after.statements;
      return present.found;
    }
    const goal: TravelGoal =
      present.held || !present.locate ? { record: true } : { record: true, locate: present.locate };
    const reached = await this.#go(index, goal);
    const report = 'stop' in reached ? reached.stop.travel : reached.outcome.report;
    await this.#abandon();
    if (report) this.#note(index, report, !('stop' in reached));
    const located = 'stop' in reached ? undefined : report?.located;
    if (located !== undefined) {
      this.#tell({
        type: 'output',
        text: 'time travel: the re-execution never held the values the brain holds where it is stopped (it does not run the same way twice): its first turn there stands for the stop',
      });
    }
    const found = 'stop' in reached ? reached.stop.position?.statement : (located ?? report?.unserved?.statement);
    if (found === undefined) {
      const failed = 'outcome' in reached && !reached.outcome.result.ok ? `: ${reached.outcome.result.error}` : '';
      throw new Error(`time travel could not find where the brain is stopped in its re-execution${failed}`);
    }
    present.found = found;
    return found;
  }

  /** The last statement before `statement` in iteration `index` whose depth passes `fits`. */
  async #previous(
    index: number,
    statement: number,
    fits: (depth: number) => boolean,
  ): Promise<{ index: number; statement: number } | undefined> {
    if (statement <= 1) return undefined;
    const map = await this.#map(index, statement);
    return lastWhere(map.depths, statement, fits, index);
  }

  async #previousHit(index: number, before: number): Promise<{ index: number; statement: number } | undefined> {
    const map = await this.#map(index, before, true);
    const hit = map.hits.filter((h) => h < before).at(-1);
    return hit === undefined ? undefined : { index, statement: hit };
  }

  /**
   * The last statement of iteration `index`. A run that went on from a stop does not count the
   * statements after it, so its report cannot say.
   */
  async #lastStatement(index: number): Promise<number> {
    return Math.max(1, (await this.#map(index, Infinity)).depths.length);
  }

  /** What re-executions have seen of iteration `index` up to statement `upTo` (Infinity: all of it). */
  async #map(index: number, upTo: number, withHits = false): Promise<IterationMap> {
    const past = this.iterations()[index]!;
    const known = this.#maps.get(past.iteration);
    const covers = (map: IterationMap) =>
      (map.complete || map.depths.length >= upTo) && (!withHits || map.version === this.#version);
    if (known && covers(known)) return known;
    return this.#record(index, upTo);
  }

  /** Re-executes iteration `index` up to statement `upTo` (Infinity: all of it), noting what it saw. */
  async #record(index: number, upTo: number): Promise<IterationMap> {
    const goal: TravelGoal = { record: true, ...(Number.isFinite(upTo) ? { to: upTo, reason: 'step' as const } : {}) };
    const reached = await this.#go(index, goal);
    await this.#abandon();
    const report = 'stop' in reached ? reached.stop.travel : reached.outcome.report;
    if (!report) throw new Error('the re-execution reported nothing');
    // Nothing stopped it on its way: its messages are the iteration's, up to where it went.
    this.#said.heard(index, report, report.statements, !('stop' in reached));
    return this.#note(index, report, !('stop' in reached));
  }

  /** `ended`: the re-execution ran to its end, which is the iteration's end only when nothing stopped it early. */
  #note(index: number, report: TravelReport, ended: boolean): IterationMap {
    const past = this.iterations()[index]!;
    const map: IterationMap = {
      depths: report.depths ?? [],
      complete: ended && past.complete && report.unserved === undefined,
      hits: report.hits ?? [],
      version: this.#version,
    };
    this.#maps.set(past.iteration, map);
    return map;
  }

  async #seek(index: number, statement: number, reason: StopReason, description?: string): Promise<void> {
    const reached = await this.#reach(index, statement, reason);
    this.#arrive(index, reached.stop, description);
  }

  /** Re-executes iteration `index` to statement `statement`, which it must reach. */
  async #reach(index: number, statement: number, reason: StopReason): Promise<{ stop: PastStop }> {
    const reached = await this.#go(index, { to: statement, reason });
    if ('outcome' in reached) {
      const why = reached.outcome.report.unserved ? `: ${unservedText(reached.outcome.report)}` : '';
      throw new Error(
        `the re-execution of iteration ${this.iterations()[index]!.iteration} ended before statement ${statement}${why}`,
      );
    }
    const { travel } = reached.stop;
    if (travel) this.#said.heard(index, travel, statement, false);
    return reached;
  }

  /**
   * Re-executes iteration `index` from its start as a live run goes (going forward): to its first
   * stop, or its end. Until that stop its logpoints said what they say in the iteration.
   */
  async #freely(index: number): Promise<Reached> {
    const reached = await this.#go(index, { free: true });
    if ('outcome' in reached) this.#said.heard(index, reached.outcome.report, Infinity, true);
    else if (reached.stop.travel) {
      const at = reached.stop.position?.statement;
      if (at !== undefined) this.#said.heard(index, reached.stop.travel, at - 1, false);
    }
    return reached;
  }

  #arrive(index: number, stop: PastStop, description?: string): void {
    const statement = stop.position?.statement ?? 0;
    if (index === this.iterations().length - 1 && this.#present && statement === this.#present.found) {
      this.#at = undefined;
      void this.#abandon();
      this.#tell({ type: 'present' });
      return;
    }
    const past = this.iterations()[index]!;
    this.#at = {
      index,
      iteration: past.iteration,
      statement,
      depth: stop.position?.depth ?? 0,
      source: stop.source,
      line: stop.line,
      column: stop.column,
      served: stop.travel?.served ?? 0,
    };
    const said = description ?? stop.description;
    this.#tell({
      type: 'stopped',
      place: this.#at,
      reason: stop.reason,
      ...(said === undefined ? {} : { description: said }),
    });
  }

  #atTheStart(from: { index: number; statement: number }): Promise<void> {
    this.#tell({ type: 'output', text: 'time travel: this is the start of the recorded past' });
    if (!this.#at) return this.#seek(from.index, from.statement, 'step', 'the start of the recorded past');
    return this.#seek(this.#at.index, this.#at.statement, 'step', 'the start of the recorded past');
  }

  /**
   * Re-executes iteration `index` toward `goal`: its stop there, or how it ended without one.
   * `calls`: the recorded calls to serve, when not all of the iteration's.
   */
  async #go(index: number, goal: TravelGoal, calls?: PastIteration['calls']): Promise<Reached> {
    await this.#abandon();
    const past = this.iterations()[index];
    if (!past) throw new Error(`no iteration at ${index} in the recorded past`);
    const present = this.#present;
    const presentIndex = this.iterations().length - 1;
    const limit =
      present?.found !== undefined && index === presentIndex && goal.record !== true ? { limit: present.found } : {};
    const stopped = this.#nextStop();
    const run = ++this.#run;
    const outcome = this.process
      .travel([
        {
          script: past.script,
          filename: past.filename,
          iteration: scriptOf(calls ? { ...past, calls } : past),
          goal: { ...goal, ...limit, run, ...(this.#speaks ? { logs: true } : {}) },
        },
      ])
      .then((outcomes) => outcomes[0]!);
    this.#running = outcome;
    const reached = await this.#reached(stopped, outcome);
    if ('outcome' in reached) this.#running = undefined;
    return reached;
  }

  #nextStop(): Promise<PastStop> {
    return new Promise((resolve) => (this.#waiting = resolve));
  }

  /** The next stop of the re-execution under way, or its end. */
  async #reached(stopped: Promise<PastStop>, outcome = this.#running): Promise<Reached> {
    if (!outcome) throw new Error('no re-execution is under way');
    const reached = await Promise.race([
      stopped.then((stop): Reached => ({ stop })),
      outcome.then((ended): Reached => ({ outcome: ended })),
    ]);
    if ('outcome' in reached) {
      this.#waiting = undefined;
      this.#running = undefined;
    }
    return reached;
  }

  /** Ends the re-execution that is stopped, if one is. */
  async #abandon(): Promise<void> {
    const running = this.#running;
    if (!running) return;
    this.#running = undefined;
    this.#waiting = undefined;
    this.process.abandon();
    await running;
  }
}

/** The last statement before `before` (counted from 1) whose depth passes `fits`. */
function lastWhere(
  depths: readonly number[],
  before: number,
  fits: (depth: number) => boolean,
  index: number,
): { index: number; statement: number } | undefined {
  for (let statement = Math.min(before - 1, depths.length); statement >= 1; statement--) {
    if (fits(depths[statement - 1]!)) return { index, statement };
  }
  return undefined;
}

function unservedText(report: TravelReport): string {
  const unserved = report.unserved!;
  return unserved.why === 'end'
    ? `the recording has no more calls where the brain calls ${unserved.op}`
    : `the brain calls ${unserved.op} where the recording holds another call (it changed, or is not deterministic)`;
}
