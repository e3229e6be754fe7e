import type { ApiMethod, ApiParams, ApiResult } from './workbench-api.ts';
import type { WorkbenchEvent } from './workbench-event.ts';

/**
 * What a transport gives the renderer: requests, and a subscription to host events. Electron IPC
 * through the preload bridge and the web-mode WebSocket both implement it.
 */
export interface WorkbenchTransport {
  request<M extends ApiMethod>(method: M, ...params: ApiParams<M>): Promise<ApiResult<M>>;
  subscribe(listener: (event: WorkbenchEvent) => void): () => void;
}
