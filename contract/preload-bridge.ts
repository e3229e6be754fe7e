import type { ApiResponse } from './messages.ts';
import type { WorkbenchEvent } from './workbench-event.ts';

/** What preload/preload.ts exposes with contextBridge, as `window.brainbench`. */
export interface PreloadBridge {
  request(method: string, params: unknown[]): Promise<ApiResponse>;
  onEvent(listener: (event: WorkbenchEvent) => void): () => void;
  /** Native menu items, by name (see main/electron/app-menu.ts). */
  onCommand(listener: (command: string) => void): () => void;
  /** A native open dialog; undefined when cancelled. */
  pickFile(kind: 'wasm' | 'config'): Promise<string | undefined>;
}
