import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openWorkspace(): void;
  openConfigFile(): void;
  /** An agent command for the renderer, which knows the selected agent. */
  command(
    name:
      | 'run'
      | 'step'
      | 'pause'
      | 'stop'
      | 'restart'
      | 'step-call'
      | 'save'
      | 'pick-component'
      | 'run-tests'
      | 'open-recording'
      | 'compare-recordings'
      | 'save-recording-test',
  ): void;
}

/** Native menus with the usual accelerators; agent items act on the agent selected in the window. */
export function buildMenu(actions: MenuActions): Menu {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Workspace…', accelerator: 'CmdOrCtrl+O', click: actions.openWorkspace },
        { label: 'Open Config File…', accelerator: 'CmdOrCtrl+Alt+O', click: actions.openConfigFile },
        { label: 'Open Recording…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.command('open-recording') },
        { label: 'Compare Recordings…', click: () => actions.command('compare-recordings') },
        { label: 'Save Recording as Test…', click: () => actions.command('save-recording-test') },
        { label: 'Pick Wasm Component…', click: () => actions.command('pick-component') },
        { type: 'separator' },
        { label: 'Save', accelerator: 'CmdOrCtrl+S', click: () => actions.command('save') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Agent',
      submenu: [
        { label: 'Run / Continue', accelerator: 'F5', click: () => actions.command('run') },
        { label: 'Step One Iteration', accelerator: 'F10', click: () => actions.command('step') },
        { label: 'Step Over Host Call', accelerator: 'F11', click: () => actions.command('step-call') },
        { label: 'Pause', accelerator: 'F6', click: () => actions.command('pause') },
        { label: 'Stop', accelerator: 'Shift+F5', click: () => actions.command('stop') },
        { label: 'Restart Process', accelerator: 'CmdOrCtrl+Shift+R', click: () => actions.command('restart') },
        { type: 'separator' },
        { label: 'Run Workspace Tests', accelerator: 'CmdOrCtrl+Shift+T', click: () => actions.command('run-tests') },
      ],
    },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}
