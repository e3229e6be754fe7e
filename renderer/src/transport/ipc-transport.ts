// Electron: the API through the preload script's bridge (window.brainbench).

import type { PreloadBridge } from '../../../contract/preload-bridge.ts';
import type { ApiMethod, ApiParams, ApiResult } from '../../../contract/workbench-api.ts';
import type { WorkbenchTransport } from '../../../contract/workbench-transport.ts';
import type { ConnectedTransport } from './connected-transport.ts';

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
    // IPC delivers every event: nothing is ever held back.
    onResync: () => () => {},
  };
}
