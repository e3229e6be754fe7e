// Counts what a full inbox drops. A flood into a full inbox is one warning per burst, with the
// count and the kinds, not one per message: a warning per message would fill the receiver's own
// trace ring and push out everything worth reading.

import type { OmwEventKind } from '../host-api/wit-types.generated.ts';

/** How soon a burst is first reported, and how often while it goes on. */
const FIRST_REPORT_MS = 100;
const REPORT_EVERY_MS = 1000;

interface Burst {
  count: number;
  kinds: Map<OmwEventKind, number>;
  timer: NodeJS.Timeout;
}

export class DroppedEvents {
  readonly #bursts = new Map<string, Burst>();

  /** `report` writes the warning for one agent's burst so far. */
  constructor(private readonly report: (agent: string, message: string) => void) {}

  dropped(agent: string, kind: OmwEventKind): void {
    let burst = this.#bursts.get(agent);
    if (!burst) {
      burst = { count: 0, kinds: new Map(), timer: setTimeout(() => this.#flush(agent, true), FIRST_REPORT_MS) };
      burst.timer.unref();
      this.#bursts.set(agent, burst);
    }
    burst.count++;
    burst.kinds.set(kind, (burst.kinds.get(kind) ?? 0) + 1);
  }

  /** The inbox took a delivery again: the burst is over. */
  delivered(agent: string): void {
    if (this.#bursts.has(agent)) this.#flush(agent, false);
  }

  #flush(agent: string, goingOn: boolean): void {
    const burst = this.#bursts.get(agent);
    if (!burst) return;
    clearTimeout(burst.timer);
    if (burst.count > 0) {
      const kinds = [...burst.kinds].map(([kind, n]) => `${n} ${kind}`).join(', ');
      this.report(agent, `dropped ${burst.count} event${burst.count === 1 ? '' : 's'} (${kinds})`);
    }
    if (goingOn && burst.count > 0) {
      Object.assign(burst, { count: 0, kinds: new Map() });
      burst.timer = setTimeout(() => this.#flush(agent, true), REPORT_EVERY_MS);
      burst.timer.unref();
    } else {
      this.#bursts.delete(agent);
    }
  }
}
