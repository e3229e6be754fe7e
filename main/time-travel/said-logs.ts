// What logpoints say in each past iteration (docs/debugging.md#time-travel-in-a-recording), for a
// view that moves through the past and says the messages of the statements it passes, as a live
// brain says them. A re-execution's messages are the iteration's own only as far as nothing stopped
// it on its way (a step that stops on a logpoint's line skips the logpoint there), so each is kept
// with how far it is exact, and a move asks for the iterations it passes that are not known yet.

import type { TravelReport } from '../runtimes/debug/debug-protocol.ts';

/** A place in the past: an iteration (index into the past) and a statement count from its start. */
export interface PastPoint {
  index: number;
  statement: number;
}

export type LogMessage = NonNullable<TravelReport['logs']>[number];

interface Said {
  logs: LogMessage[];
  /** The messages are the iteration's own for statements up to this one. */
  through: number;
  /** The re-execution ran to the iteration's end: every message is known, and how many were dropped. */
  complete: boolean;
  dropped: number;
}

/** What a move passed over: messages in the brain's order, and iterations whose end it passed that dropped some. */
export type Passed =
  { type: 'log'; index: number; message: LogMessage } | { type: 'dropped'; index: number; count: number };

export class SaidLogs {
  readonly #said = new Map<number, Said>();

  /** The breakpoints changed: what was heard was said by other logpoints. */
  forget(): void {
    this.#said.clear();
  }

  /** A re-execution of iteration `index` from its start said `report.logs`, exact through `through` (all of it when `complete`). */
  heard(index: number, report: TravelReport, through: number, complete: boolean): void {
    const known = this.#said.get(index);
    if (known && (known.complete || (!complete && known.through >= through))) return;
    const logs = (report.logs ?? []).filter((log) => complete || log.statement <= through);
    this.#said.set(index, { logs, through, complete, dropped: complete ? (report.dropped ?? 0) : 0 });
  }

  /** The iterations between `from` and `to` (either way) whose messages are not known far enough. */
  unknown(from: PastPoint, to: PastPoint): number[] {
    const unknown: number[] = [];
    for (const { index, last } of spans(from, to)) {
      const known = this.#said.get(index);
      if (!known || (!known.complete && (last === Infinity || known.through < last))) unknown.push(index);
    }
    return unknown;
  }

  /**
   * What lies between two places, in the brain's order whichever way the view went: the messages
   * of the statements from the earlier place up to the later one (not its own, which has not run),
   * and the dropped count of each iteration whose end lies between them.
   */
  between(from: PastPoint, to: PastPoint): Passed[] {
    const passed: Passed[] = [];
    for (const { index, first, last } of spans(from, to)) {
      const known = this.#said.get(index);
      if (!known) continue;
      for (const message of known.logs) {
        if (message.statement >= first && message.statement <= last) passed.push({ type: 'log', index, message });
      }
      if (last === Infinity && known.dropped > 0) passed.push({ type: 'dropped', index, count: known.dropped });
    }
    return passed;
  }
}

/** Per iteration between two places, the statements passed (`last` Infinity: on to its end). */
function spans(from: PastPoint, to: PastPoint): { index: number; first: number; last: number }[] {
  const forward = from.index < to.index || (from.index === to.index && from.statement <= to.statement);
  const [early, late] = forward ? [from, to] : [to, from];
  if (early.index === late.index && early.statement === late.statement) return [];
  const spans: { index: number; first: number; last: number }[] = [];
  for (let index = early.index; index <= late.index; index++) {
    const first = index === early.index ? early.statement : 1;
    const last = index === late.index ? late.statement - 1 : Infinity;
    if (last >= first) spans.push({ index, first, last });
  }
  return spans;
}
