// Electron: the API through the preload script's bridge (window.brainbench).

import type {
  ApiMethod,
  ApiParams,
  ApiResponse,
  ApiResult,
  WorkbenchEvent,
  WorkbenchTransport,
} from '../../../preload/api-contract.ts';
import type { ConnectedTransport } from './connected-transport.ts';

/** What preload/preload.ts exposes with contextBridge. */
export interface PreloadBridge {
  request(method: string, params: unknown[]): Promise<ApiResponse>;
  onEvent(listener: (event: WorkbenchEvent) => void): () => void;
  /** Native menu items, by name (see main/electron/app-menu.ts). */
  onCommand(listener: (command: string) => void): () => void;
  /** A native open dialog; undefined when cancelled. */
  pickFile(kind: 'wasm' | 'config'): Promise<string | undefined>;
}

export function ipcTransport(bridge: PreloadBridge): WorkbenchTransport & ConnectedTransport {
  return {
    async request<M extends ApiMethod>(method: M, ...params: ApiParams<M>): Promise<ApiResult<M>> {
      const answer = await bridge.request(method, params);
      if (!answer.ok) throw new Error(answer.error);
      return answer.result as ApiResult<M>;
    },
    subscribe: (listener) => bridge.onEvent(listener),
    onConnection: (listener) => {
      listener(true);
      return () => {};
    },
  };
}
