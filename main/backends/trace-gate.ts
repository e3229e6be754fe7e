import { GateWatcher } from '../assertions/gate.ts';
import { parseEventAssertion } from '../assertions/parse-assertions.ts';
import { isOmwTraceEvent } from '../trace/trace-event.ts';
import type { TraceRecorder } from '../trace/trace-recorder.ts';

/**
 * An `after` gate of a mock step (omw-compat 13.5): open from the start, or once any matching
 * event has been traced, by any agent. It watches the trace from the moment the mock is built,
 * which is before any agent runs, so it sees the whole observed trace.
 */
export class TraceGate {
  private readonly watcher: GateWatcher | undefined;
  private readonly waiting = new Set<() => void>();

  constructor(raw: unknown, path: string, trace: TraceRecorder) {
    if (raw === undefined || raw === null || raw === 'start') return;
    const watcher = new GateWatcher(parseEventAssertion(raw, path));
    this.watcher = watcher;
    const unsubscribe = trace.subscribe((event) => {
      if (!isOmwTraceEvent(event)) return;
      watcher.observe(event);
      if (!watcher.satisfied) return;
      unsubscribe();
      for (const wake of this.waiting) wake();
      this.waiting.clear();
    });
  }

  get open(): boolean {
    return this.watcher?.satisfied ?? true;
  }

  whenOpen(signal: AbortSignal): Promise<void> {
    if (this.open) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.waiting.delete(wake);
        reject(signal.reason);
      };
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.add(wake);
    });
  }
}
