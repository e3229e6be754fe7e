// The renderer's only door to the host in Electron: the workbench API over IPC, host events, menu
// commands and native file dialogs. Sandboxed and context-isolated; nothing else is exposed.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ApiResponse, WorkbenchEvent } from './api-contract.ts';

function listen<T>(channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, value: T) => listener(value);
  ipcRenderer.on(channel, handler);
  return () => ipcRenderer.off(channel, handler);
}

contextBridge.exposeInMainWorld('brainbench', {
  request: (method: string, params: unknown[]): Promise<ApiResponse> =>
    ipcRenderer.invoke('brainbench:request', method, params),
  onEvent: (listener: (event: WorkbenchEvent) => void) => listen('brainbench:event', listener),
  onCommand: (listener: (command: string) => void) => listen('brainbench:command', listener),
  pickFile: (kind: 'wasm' | 'config'): Promise<string | undefined> => ipcRenderer.invoke('brainbench:pick-file', kind),
});
