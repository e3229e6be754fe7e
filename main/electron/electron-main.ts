// The desktop shell: one window on the same renderer bundle as web mode, the Workbench in this
// (main) process, agents in utility processes. This is the only place besides the utility-process
// spawner that imports Electron; everything it wires up is tested under plain Node.

import { app, BrowserWindow, dialog, ipcMain, Menu, net, protocol, type IpcMainInvokeEvent } from 'electron';
import { existsSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IPC_CHANNELS } from '../../contract/ipc-channels.ts';
import { agentEntry } from '../supervisor/agent-entry.ts';
import { CONTENT_SECURITY_POLICY } from '../web/static-assets.ts';
import { dispatchRequest } from '../workbench/api-dispatch.ts';
import { Workbench } from '../workbench/workbench.ts';
import { buildMenu, type MenuActions } from './app-menu.ts';
import { utilitySpawner } from './utility-spawner.ts';
import { rememberBounds, restoreBounds } from './window-state.ts';
import { RUNTIMES } from '../runtimes/runtimes.ts';
import { WorkspaceTrust } from '../trust/workspace-trust.ts';

const RENDERER = resolve(import.meta.dirname, '../renderer');
const PRELOAD = join(import.meta.dirname, 'preload.cjs');
/** Packaged, the example workspace is a resource (electron-builder.yml); in a checkout it is in examples/. */
const DEFAULT_WORKSPACE = app.isPackaged
  ? join(process.resourcesPath, 'examples/workspace')
  : resolve(import.meta.dirname, '../../examples/workspace');

protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

let window: BrowserWindow | undefined;
// Packaged, the example workspace is a resource beside the app, not where the package would have it.
const trust = WorkspaceTrust.forUser(process.env, [DEFAULT_WORKSPACE]);
const workbench = new Workbench({ spawner: utilitySpawner, entry: agentEntry(), trust });

/** The renderer, served from the bundle with the same CSP as web mode. */

/** The file endings of component brains, for the native file dialog (without the dot). */
const COMPONENT_EXTENSIONS = Object.values(RUNTIMES)
  .filter(({ brain }) => brain.format === 'component')
  .flatMap(({ brain }) => brain.extensions.map((extension) => extension.slice(1)));

function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    const path = normalize(decodeURIComponent(new URL(request.url).pathname)).replace(/^([/\\])+/, '');
    const file = join(RENDERER, path || 'index.html');
    if (!file.startsWith(RENDERER + sep) || !existsSync(file)) return new Response('not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
    return new Response(response.body, { status: response.status, headers });
  });
}

function fromOurWindow(event: IpcMainInvokeEvent): boolean {
  return event.senderFrame?.url.startsWith('app://') ?? false;
}

async function openWorkspace(properties: ('openDirectory' | 'openFile')[]): Promise<void> {
  if (!window) return;
  const filters = properties.includes('openFile')
    ? [{ name: 'omw config', extensions: ['toml', 'yaml', 'yml', 'json'] }]
    : [];
  const picked = await dialog.showOpenDialog(window, { properties, filters });
  const path = picked.filePaths[0];
  if (picked.canceled || !path) return;
  try {
    await workbench.open(path, { chosenByUser: true });
  } catch (error) {
    dialog.showErrorBox('Cannot open the workspace', (error as Error).message);
  }
}

function createWindow(): void {
  const stateFile = join(app.getPath('userData'), 'window-state.json');
  window = new BrowserWindow({
    ...restoreBounds(stateFile),
    title: 'Brainbench',
    show: false,
    webPreferences: { preload: PRELOAD, contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  rememberBounds(window, stateFile);
  window.once('ready-to-show', () => window?.show());
  // Links open in the system browser; the window never navigates away from the workbench.
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadURL('app://workbench/index.html');
}

async function main(): Promise<void> {
  await app.whenReady();
  serveRenderer();
  const actions: MenuActions = {
    openWorkspace: () => void openWorkspace(['openDirectory']),
    openConfigFile: () => void openWorkspace(['openFile']),
    command: (name) => window?.webContents.send(IPC_CHANNELS.command, name),
  };
  Menu.setApplicationMenu(buildMenu(actions));

  ipcMain.handle(IPC_CHANNELS.request, (event, method: unknown, params: unknown) => {
    if (!fromOurWindow(event)) return { id: 0, ok: false, error: 'requests come only from the workbench window' };
    return dispatchRequest(workbench, 0, method, params);
  });
  ipcMain.handle(IPC_CHANNELS.pickFile, async (event, kind: unknown) => {
    if (!fromOurWindow(event) || !window) return undefined;
    const filters = kind === 'wasm' ? [{ name: 'WebAssembly component', extensions: COMPONENT_EXTENSIONS }] : [];
    const picked = await dialog.showOpenDialog(window, { properties: ['openFile'], filters });
    const path = picked.canceled ? undefined : picked.filePaths[0];
    // The user chose this component themselves; the picker may inspect and assign it (brain-sources.ts).
    if (path && kind === 'wasm') workbench.allowPickedFile(path);
    return path;
  });
  workbench.subscribe((event) => window?.webContents.send(IPC_CHANNELS.event, event));

  const workspaceArg = process.argv.slice(app.isPackaged ? 1 : 2).find((arg) => !arg.startsWith('-'));
  await workbench.open(workspaceArg ?? DEFAULT_WORKSPACE, { chosenByUser: true });
  createWindow();
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

app.on('window-all-closed', () => {
  void workbench.close().finally(() => app.quit());
});

// A second launch hands over to the running window (see 'second-instance') and ends.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  main().catch((error: unknown) => {
    dialog.showErrorBox('Brainbench could not start', (error as Error).stack ?? String(error));
    app.exit(1);
  });
}
