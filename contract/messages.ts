// The messages both transports carry: a request, its answer, and (on the WebSocket, which has one
// channel for everything) the envelope that tells answers from events. Plain JSON.

import type { ApiMethod } from './workbench-api.ts';
import type { WorkbenchEvent } from './workbench-event.ts';

export interface ApiRequest {
  id: number;
  method: ApiMethod;
  params: unknown[];
}

export type ApiResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/**
 * Host-to-renderer messages on a transport that carries both answers and events (the WebSocket).
 * `resync`: the client stopped reading for a while and the host held back events meanwhile
 * (`missed` of them, counting trace events one by one); what it needs of them it fetches again,
 * as after a reconnect. Answers are never held back.
 */
export type ServerMessage =
  ({ kind: 'response' } & ApiResponse) | { kind: 'event'; event: WorkbenchEvent } | { kind: 'resync'; missed: number };
