// The engine thread's line to the host's debugger. Blocking where the engine must wait (a stop),
// and one shared-memory read where it must not (the check at every statement).

import type { DebugNotice, DebugRequest, EngineDebugEvent } from './debug-protocol.ts';

export interface DebugLink {
  send(event: EngineDebugEvent): void;
  /** Blocks until the host's next request. */
  nextRequest(): DebugRequest;
  /** The notices that arrived since the last call, or undefined when none did (the common case). */
  notices(): DebugNotice[] | undefined;
}
