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

/** Host-to-renderer messages on a transport that carries both answers and events (the WebSocket). */
export type ServerMessage = ({ kind: 'response' } & ApiResponse) | { kind: 'event'; event: WorkbenchEvent };
