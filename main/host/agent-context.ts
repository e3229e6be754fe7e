import type { AbortCause } from '../../contract/iteration-result.ts';
import { HostCallError } from '../host-api/host-call-error.ts';
import { CancelRegistry } from './cancel-registry.ts';

const ABORT_MESSAGES: Record<AbortCause, string> = {
  reload: 'agent reloaded',
  shutdown: 'agent shutting down',
  stop: 'agent stopped',
};

/**
 * Everything the host keeps for one agent across iterations: memory, the registries of open
 * sources, and the abort state of the current iteration. Memory and registries survive
 * iterations; the abort controller is renewed for each one.
 */
export class AgentContext {
  readonly memory = new Map<string, string>();
  readonly streams = new CancelRegistry();
  readonly timers = new CancelRegistry();
  readonly resources = new CancelRegistry();
  readonly toolCalls = new CancelRegistry();
  iteration = 0;
  private controller = new AbortController();
  private cause: AbortCause | undefined;

  constructor(
    readonly name: string,
    public script: string,
    seed: Record<string, string> = {},
  ) {
    for (const [key, value] of Object.entries(seed)) this.memory.set(key, value);
  }

  /** Aborts when the current iteration is told to stop; blocking host calls race it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get abortCause(): AbortCause | undefined {
    return this.cause;
  }

  /** Clears the flags before an iteration (omw-compat 3.3). */
  beginIteration(): number {
    this.controller = new AbortController();
    this.cause = undefined;
    return ++this.iteration;
  }

  /** Releases host calls the finished iteration left behind (its engine was replaced mid-call). */
  endIteration(): void {
    if (!this.controller.signal.aborted) this.controller.abort(new HostCallError('iteration ended'));
  }

  abort(cause: AbortCause): void {
    if (this.cause) return;
    this.cause = cause;
    this.controller.abort(new HostCallError(ABORT_MESSAGES[cause]));
  }

  registries(): CancelRegistry[] {
    return [this.streams, this.timers, this.resources, this.toolCalls];
  }
}
