// The events a socket that stopped reading is not sent, kept only as far as it needs them once it
// reads again. What a resync fetches anew (the trace history, the workspace view with every
// agent's status, the debugger's stops, which a resync rebuilds from the statuses) is only
// counted; what it would not learn otherwise keeps its newest state per subject (a file changed on
// disk, a resource's content, a fork's progress, the debug settings) or, for notices, the first
// few. So a stalled socket costs the same after an hour as after a second.

import type { WorkbenchEvent } from '../../contract/workbench-event.ts';

/** Subjects whose newest state is kept; past this the oldest go (and are counted). */
const MAX_SUBJECTS = 1_000;
const MAX_NOTICES = 20;

/** What an event is the newest state of, for the events that carry one; undefined for the rest. */
function subjectOf(event: WorkbenchEvent): string | undefined {
  switch (event.type) {
    case 'workspace':
    case 'debug-settings':
      return event.type;
    case 'file-changed':
      return `file-changed:${event.path}`;
    case 'resource-update':
      return `resource-update:${event.subscription}`;
    case 'recording-progress':
      return `recording-progress:${event.branch}:${event.agent}`;
    case 'eval-progress':
      return `eval-progress:${event.progress.results}`;
    default:
      return undefined;
  }
}

export class HeldEvents {
  /** Events not kept, trace events one by one. */
  missed = 0;
  private readonly newest = new Map<string, WorkbenchEvent>();
  private readonly notices: WorkbenchEvent[] = [];

  add(event: WorkbenchEvent): void {
    if (event.type === 'trace') {
      this.missed += event.events.length;
      return;
    }
    if (event.type === 'notice' && this.notices.length < MAX_NOTICES) {
      this.notices.push(event);
      return;
    }
    const subject = subjectOf(event);
    if (subject === undefined) {
      this.missed++;
      return;
    }
    // Kept in the order of their last change.
    if (this.newest.delete(subject)) this.missed++;
    this.newest.set(subject, event);
    if (this.newest.size > MAX_SUBJECTS) {
      this.newest.delete(this.newest.keys().next().value!);
      this.missed++;
    }
  }

  /** What to send after the resync, in order. */
  kept(): WorkbenchEvent[] {
    return [...this.notices, ...this.newest.values()];
  }
}
