// The stores that follow the host besides the workbench's own (the debugger's, the tools',
// the recordings'). A module of its own with no imports, so that a store reached through an
// import cycle can register at its top level before the workbench store has finished loading.

import type { WorkbenchEvent } from '../../../contract/workbench-event.ts';

const eventListeners = new Set<(event: WorkbenchEvent) => void>();
const resyncListeners = new Set<() => void>();

/** Every event from the host. */
export function onWorkbenchEvent(listener: (event: WorkbenchEvent) => void): void {
  eventListeners.add(listener);
}

/** After connecting (a page load or a reconnect) and after another workspace opens. */
export function onResync(listener: () => void): void {
  resyncListeners.add(listener);
}

export function announceEvent(event: WorkbenchEvent): void {
  for (const listener of eventListeners) listener(event);
}

export function announceResync(): void {
  for (const listener of resyncListeners) listener();
}
