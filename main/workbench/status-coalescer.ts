// An agent that loops on a quick brain changes state a thousand times a second. Renderers only
// ever show the newest state, and a message each for the others costs them more than the brain
// costs the host: on a slow machine the page fell seconds behind, and a click on Stop waited its
// turn behind them. So each agent's changes go out at most once an interval: the first at once,
// the newest of those that followed when the interval ends.

import type { AgentStatus } from '../../contract/agent-status.ts';

export class StatusCoalescer {
  private readonly held = new Map<string, AgentStatus | undefined>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly send: (status: AgentStatus) => void,
    private readonly intervalMs = 16,
  ) {}

  add(status: AgentStatus): void {
    const { agent } = status;
    if (this.timers.has(agent)) {
      this.held.set(agent, status);
      return;
    }
    this.send(status);
    this.openWindow(agent);
  }

  /** Sends every held status now (before the workspace changes, and on close). */
  flush(): void {
    for (const [agent, timer] of this.timers) {
      clearTimeout(timer);
      const status = this.held.get(agent);
      if (status) this.send(status);
    }
    this.timers.clear();
    this.held.clear();
  }

  private openWindow(agent: string): void {
    this.held.set(agent, undefined);
    const timer = setTimeout(() => {
      this.timers.delete(agent);
      const status = this.held.get(agent);
      this.held.delete(agent);
      if (!status) return;
      this.send(status);
      this.openWindow(agent);
    }, this.intervalMs);
    timer.unref();
    this.timers.set(agent, timer);
  }
}
