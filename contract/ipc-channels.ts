/** The Electron IPC channels between the preload bridge and the main process. */
export const IPC_CHANNELS = {
  /** Renderer to main, invoked: one workbench API request. */
  request: 'brainbench:request',
  /** Main to renderer: a WorkbenchEvent. */
  event: 'brainbench:event',
  /** Main to renderer: a native menu item, by name (see main/electron/app-menu.ts). */
  command: 'brainbench:command',
  /** Renderer to main, invoked: a native open dialog. */
  pickFile: 'brainbench:pick-file',
} as const;
