// The agent processes of one cancellable workbench run (a corpus replay, a chaos run): the
// engines take a spawner, and this one remembers what it started, so that Cancel ends the
// replays running now instead of waiting for them (a hang would keep its processes for the
// whole timeout). A process asked for after the cancel is ended as soon as it starts.

import type { AgentChannel, AgentSpawner } from '../supervisor/agent-spawner.ts';

export class CancellableSpawner {
  private readonly live = new Set<AgentChannel>();
  private cancelled = false;

  constructor(private readonly inner: AgentSpawner) {}

  readonly spawner: AgentSpawner = (entry, options) => {
    const channel = this.inner(entry, options);
    if (this.cancelled) {
      channel.kill();
      return channel;
    }
    this.live.add(channel);
    channel.onExit(() => this.live.delete(channel));
    return channel;
  };

  /** Ends every process started for the run and every one it asks for from now on. */
  cancel(): void {
    this.cancelled = true;
    for (const channel of this.live) channel.kill();
    this.live.clear();
  }
}
