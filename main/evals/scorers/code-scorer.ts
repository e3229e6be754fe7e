// A scorer written as a brain (JavaScript, Rhai or Python), run where brains run: an agent process
// and its engine, through the same host-call layer, so that a scorer script has the powers of a
// brain and no more. Each trial is one iteration of an agent named `scorer` whose memory holds
// `case`, `outcome`, `trace` and `usage` as JSON; the script ends with its verdict as its exit
// value: `{score, reason}` (or `{pass, reason}`). Trials wait in a queue and go to the sandboxes
// (one per job, kept for the run) in batches, many trials per message (scorer-sandbox.ts), so a
// rescore of thousands of trials costs neither a process nor a round trip per trial.

import { projectTraceEvent } from '../../assertions/event-projection.ts';
import type { IterationResult } from '../../../contract/iteration-result.ts';
import type { AgentSpawner } from '../../supervisor/agent-spawner.ts';
import { describeResult } from '../../supervisor/iteration-result.ts';
import { isOmwTraceEvent } from '../../trace/trace-event.ts';
import type { ScorerSpec } from '../load-eval.ts';
import { ScorerSandbox, type ScorerTrial } from './scorer-sandbox.ts';
import { ScorerError, shown, type Judgement, type Scorer, type ScoringInput } from './scorer.ts';

/** Trials per message to a sandbox: enough to make the round trip negligible, few enough to spread over the sandboxes. */
const BATCH = 32;

export interface ScorerProcesses {
  spawner: AgentSpawner;
  entry: string;
  /** Sandboxes at most (scorings side by side). */
  jobs: number;
}

export class CodeScorer implements Scorer {
  private readonly queue: ScorerTrial[] = [];
  private readonly idle: ScorerSandbox[] = [];
  private readonly all: ScorerSandbox[] = [];
  private flushing = false;

  constructor(
    readonly spec: Extract<ScorerSpec, { kind: 'code' }>,
    private readonly processes: ScorerProcesses,
  ) {}

  async judge(input: ScoringInput): Promise<Judgement> {
    const memory = this.memoryOf(input);
    const result = await new Promise<IterationResult>((settle) => {
      this.queue.push({ memory, settle });
      this.scheduleFlush();
    });
    if (result.kind === 'failed')
      throw new ScorerError(`scorer "${this.spec.name}" ${describeResult(result, this.spec.script)}`);
    if (result.kind !== 'outcome') throw new ScorerError(`scorer "${this.spec.name}" was stopped before its verdict`);
    if (result.outcome === 'completed')
      throw new ScorerError(
        `scorer "${this.spec.name}" completed without a verdict: end the script with {score, reason}`,
      );
    return this.verdict(result.outcome.exited);
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map((sandbox) => sandbox.close()));
    this.all.length = 0;
    this.idle.length = 0;
  }

  /** The trials queued in this turn go out together. */
  private scheduleFlush(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      this.flush();
    });
  }

  /** Hands queued trials to free sandboxes, starting one when there are fewer than the jobs. */
  private flush(): void {
    while (this.queue.length > 0) {
      const sandbox =
        this.idle.pop() ?? (this.all.length < Math.max(1, this.processes.jobs) ? this.start() : undefined);
      if (!sandbox) return;
      const batch = this.queue.splice(0, sandbox.batchSize(BATCH));
      void sandbox
        .score(batch)
        .then(
          (scored) => this.queue.unshift(...batch.slice(scored)),
          (error: unknown) => {
            const failure: IterationResult = { kind: 'failed', error: `scorer failed: ${(error as Error).message}` };
            for (const trial of batch) trial.settle(failure);
          },
        )
        .finally(() => {
          this.idle.push(sandbox);
          this.flush();
        });
    }
  }

  private start(): ScorerSandbox {
    const sandbox = new ScorerSandbox(this.spec.runtime, this.spec.scriptFile!, this.processes);
    this.all.push(sandbox);
    return sandbox;
  }

  /** What the script finds in its memory, each value made when first asked for (the trace costs most). */
  private memoryOf(input: ScoringInput): ScorerTrial['memory'] {
    const { case: c } = input;
    const made = new Map<string, string>();
    const make: Record<string, () => unknown> = {
      case: () => ({ id: c.id, input: c.input, expected: c.expected ?? null, tags: c.tags, split: c.split ?? null }),
      outcome: () => input.outcome,
      trace: () =>
        [...input.recording.recording.agents.values()].flatMap((agent) =>
          agent.iterations.flatMap((iteration) =>
            iteration.events
              .filter(isOmwTraceEvent)
              .map((event) => ({ agent: agent.name, ...projectTraceEvent(event) })),
          ),
        ),
      usage: () => ({ ...input.usage, duration_ms: input.durationMs }),
    };
    return {
      keys: Object.keys(make),
      value(key) {
        if (!Object.hasOwn(make, key)) return undefined;
        let value = made.get(key);
        if (value === undefined) made.set(key, (value = JSON.stringify(make[key]!())));
        return value;
      },
    };
  }

  private verdict(text: string): Judgement {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const { score, pass, reason } = (value ?? {}) as { score?: unknown; pass?: unknown; reason?: unknown };
    const shape = `scorer "${this.spec.name}" must end with {score: 0..1, reason} or {pass: true|false, reason}, it ended with ${shown(text, 300)}`;
    if (typeof reason !== 'string') throw new ScorerError(shape);
    if (typeof score === 'number' && score >= 0 && score <= 1) return { score, reason };
    if (typeof pass === 'boolean') return { score: pass ? 1 : 0, reason };
    throw new ScorerError(shape);
  }
}
