import type { PreloadBridge } from '../../../contract/preload-bridge.ts';
import type { WorkbenchTransport } from '../../../contract/workbench-transport.ts';
import type { ConnectedTransport } from './connected-transport.ts';
import { ipcTransport } from './ipc-transport.ts';
import { webSocketTransport } from './web-socket-transport.ts';

declare global {
  interface Window {
    brainbench?: PreloadBridge;
  }
}

/** Electron's preload bridge when there is one; otherwise the web-mode socket of this page's server. */
export function chooseTransport(): WorkbenchTransport & ConnectedTransport {
  if (window.brainbench) return ipcTransport(window.brainbench);
  const params = new URLSearchParams(location.search);
  const token = params.get('token') ?? '';
  // The token stays in memory (and in the session cookie); it should not linger in the address bar.
  if (token) history.replaceState(null, '', location.pathname);
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return webSocketTransport(`${protocol}//${location.host}/api${query}`);
}
