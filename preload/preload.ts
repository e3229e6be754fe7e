// The renderer's only door to the host in Electron: the workbench API over IPC, host events, menu
// commands and native file dialogs. Sandboxed and context-isolated; nothing else is exposed.

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC_CHANNELS } from '../contract/ipc-channels.ts';
import type { PreloadBridge } from '../contract/preload-bridge.ts';

function listen<T>(channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, value: T) => listener(value);
  ipcRenderer.on(channel, handler);
  return () => ipcRenderer.off(channel, handler);
}

const bridge = {
  request: (method, params) => ipcRenderer.invoke(IPC_CHANNELS.request, method, params),
  onEvent: (listener) => listen(IPC_CHANNELS.event, listener),
  onCommand: (listener) => listen(IPC_CHANNELS.command, listener),
  pickFile: (kind) => ipcRenderer.invoke(IPC_CHANNELS.pickFile, kind),
} satisfies PreloadBridge;

contextBridge.exposeInMainWorld('brainbench', bridge);
