// A scorer written as a brain (JavaScript, Rhai or Python), run where brains run: an agent process
// and its engine, through the same host-call layer, so that a scorer script has the powers of a
// brain and no more. Each trial is one iteration of an agent named `scorer` whose memory holds
// `case`, `outcome`, `trace` and `usage` as JSON; the script ends with its verdict as its exit
// value: `{score, reason}` (or `{pass, reason}`). Hosts are kept and reused, one per trial in
// flight, so a rescore of thousands of trials starts no process per trial.

import { projectTraceEvent } from '../../assertions/event-projection.ts';
import type { OmwConfig } from '../../config/config-types.ts';
import { tunablesSchema } from '../../config/tunables-schema.ts';
import { Host } from '../../host/host.ts';
import type { AgentSpawner } from '../../supervisor/agent-spawner.ts';
import { describeResult } from '../../supervisor/iteration-result.ts';
import { Supervisor } from '../../supervisor/supervisor.ts';
import { isOmwTraceEvent } from '../../trace/trace-event.ts';
import type { ScorerSpec } from '../load-eval.ts';
import { ScorerError, shown, type Judgement, type Scorer, type ScoringInput } from './scorer.ts';

const AGENT = 'scorer';

interface ScorerHost {
  supervisor: Supervisor;
}

export class CodeScorer implements Scorer {
  private readonly free: ScorerHost[] = [];
  private readonly all: ScorerHost[] = [];

  constructor(
    readonly spec: Extract<ScorerSpec, { kind: 'code' }>,
    private readonly processes: { spawner: AgentSpawner; entry: string },
  ) {}

  async judge(input: ScoringInput): Promise<Judgement> {
    const host = this.free.pop() ?? this.start();
    try {
      const ctx = host.supervisor.host.context(AGENT);
      ctx.memory.clear();
      for (const [key, value] of Object.entries(this.memoryOf(input))) ctx.memory.set(key, JSON.stringify(value));
      const result = await host.supervisor.runner(AGENT).iterate('run', 'run');
      if (result.kind === 'failed')
        throw new ScorerError(`scorer "${this.spec.name}" ${describeResult(result, this.spec.script)}`);
      if (result.kind !== 'outcome') throw new ScorerError(`scorer "${this.spec.name}" was stopped before its verdict`);
      if (result.outcome === 'completed')
        throw new ScorerError(
          `scorer "${this.spec.name}" completed without a verdict: end the script with {score, reason}`,
        );
      return this.verdict(result.outcome.exited);
    } finally {
      this.free.push(host);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map(({ supervisor }) => supervisor.shutdown()));
    this.all.length = 0;
    this.free.length = 0;
  }

  private memoryOf(input: ScoringInput): Record<string, unknown> {
    const { case: c } = input;
    const trace = [...input.recording.recording.agents.values()].flatMap((agent) =>
      agent.iterations.flatMap((iteration) =>
        iteration.events.filter(isOmwTraceEvent).map((event) => ({ agent: agent.name, ...projectTraceEvent(event) })),
      ),
    );
    return {
      case: { id: c.id, input: c.input, expected: c.expected ?? null, tags: c.tags, split: c.split ?? null },
      outcome: input.outcome,
      trace,
      usage: { ...input.usage, duration_ms: input.durationMs },
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

  private start(): ScorerHost {
    const config: OmwConfig = {
      file: this.spec.scriptFile!,
      locate: () => undefined,
      setByEnvironment: () => false,
      agents: { [AGENT]: { runtime: AGENT, script: this.spec.scriptFile!, declaredIn: this.spec.scriptFile! } },
      providers: {},
      tooling: {},
      runtime: { [AGENT]: { kind: this.spec.runtime, params: {} } },
      memory: {},
      tunables: tunablesSchema.parse({}),
    };
    const supervisor = new Supervisor(new Host(config), {
      spawner: this.processes.spawner,
      entry: this.processes.entry,
    });
    const host = { supervisor };
    this.all.push(host);
    return host;
  }
}
