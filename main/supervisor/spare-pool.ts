import type { AgentToHost, WarmProfile } from '../agent-protocol/agent-protocol.ts';
import { agentProcessSandbox } from './agent-sandbox.ts';
import type { AgentChannel, AgentSpawner } from './agent-spawner.ts';

export interface SparePoolOptions {
  spawner: AgentSpawner;
  /** The agent-process entry script. */
  entry: string;
  /** Spare processes kept per runtime kind in use; 0 turns the pool off. */
  perKind: number;
}

interface Spare {
  channel: AgentChannel;
  profile: WarmProfile;
  /** Its engine thread has loaded the kind's engine. */
  warmed: boolean;
}

/** The name a spare process runs under until an agent takes it. */
export const SPARE_NAME = 'spare';

/** Spare processes per kind, unless told otherwise: one. */
export const DEFAULT_SPARES = 1;

const sameProfile = (a: WarmProfile, b: WarmProfile): boolean =>
  a.kind === b.kind &&
  a.limits.maxMemoryBytes === b.limits.maxMemoryBytes &&
  a.limits.maxStackBytes === b.limits.maxStackBytes;

/**
 * Agent processes started ahead of need, each with its engine thread warming up, so that a new
 * agent, a restart or a test takes a ready process instead of paying for a cold one. Each take
 * starts a replacement in the background for the kind it served, which is how the kinds in use
 * come to have spares: a kind keeps spares for its latest agent's limits (a thread's limits are
 * fixed when it starts). Every spare is killed on dispose; a spare whose host dies ends itself as
 * agent processes do.
 */
export class SparePool {
  private readonly spares = new Map<string, Spare[]>();
  private disposed = false;
  /** How many agents took a spare, and how many spares were started: for the tests and the bench. */
  readonly stats = { taken: 0, started: 0 };

  constructor(private readonly options: SparePoolOptions) {}

  /**
   * A started process warmed for `profile`, or undefined when there is none (the caller starts one
   * cold); a replacement is started on the next turn either way.
   */
  take(profile: WarmProfile): AgentChannel | undefined {
    if (this.options.perKind <= 0 || this.disposed) return undefined;
    const spares = this.spares.get(profile.kind) ?? [];
    // A warmed spare first; one still warming is further along than a process started now.
    const fitting = spares.filter((spare) => sameProfile(spare.profile, profile));
    const taken = fitting.find((spare) => spare.warmed) ?? fitting[0];
    if (taken) spares.splice(spares.indexOf(taken), 1);
    // After this turn, so that starting the replacement does not delay the taken process's init.
    setImmediate(() => this.fill(profile));
    if (taken) this.stats.taken++;
    return taken?.channel;
  }

  /** The pids of the spares waiting now; with `warmed`, of those whose engine is ready. */
  pids(options: { warmed?: boolean } = {}): number[] {
    return [...this.spares.values()].flatMap((spares) =>
      spares.flatMap((spare) => (options.warmed && !spare.warmed ? [] : (spare.channel.pid ?? []))),
    );
  }

  dispose(): void {
    this.disposed = true;
    for (const spares of this.spares.values()) for (const spare of spares.splice(0)) spare.channel.kill();
  }

  /** Tops the kind up with spares for `profile`; spares for other limits go. */
  private fill(profile: WarmProfile): void {
    const spares = this.spares.get(profile.kind) ?? [];
    for (const stale of spares.filter((spare) => !sameProfile(spare.profile, profile))) {
      spares.splice(spares.indexOf(stale), 1);
      stale.channel.kill();
    }
    while (!this.disposed && spares.length < this.options.perKind) {
      const channel = this.options.spawner(this.options.entry, { name: SPARE_NAME, ...agentProcessSandbox() });
      const spare: Spare = { channel, profile, warmed: false };
      channel.onMessage((message) => {
        if ((message as AgentToHost).t === 'warmed') spare.warmed = true;
      });
      channel.onExit(() => {
        const at = spares.indexOf(spare);
        if (at >= 0) spares.splice(at, 1);
      });
      channel.send({ t: 'warm', profile });
      spares.push(spare);
      this.stats.started++;
    }
    this.spares.set(profile.kind, spares);
  }
}
