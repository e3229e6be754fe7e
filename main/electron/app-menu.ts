import { Menu, type MenuItemConstructorOptions } from 'electron';
import { accelerator, COMMANDS, type CommandId, type CommandMenu } from '../../contract/commands.ts';

export interface MenuActions {
  openWorkspace(): void;
  openConfigFile(): void;
  /** A command of the registry for the renderer, which knows the selected agent. */
  command(name: CommandId): void;
}

/** The items of one menu, in the registry's order: the same titles and keys as the palette's. */
function items(menu: CommandMenu, actions: MenuActions): MenuItemConstructorOptions[] {
  const native: Partial<Record<CommandId, () => void>> = {
    'open-workspace': actions.openWorkspace,
    'open-config-file': actions.openConfigFile,
  };
  return COMMANDS.filter((command) => command.menu === menu).map((command) => ({
    label: command.title,
    ...('keys' in command ? { accelerator: accelerator(command.keys[0]) } : {}),
    click: native[command.id] ?? (() => actions.command(command.id)),
  }));
}

/** Native menus built from the command registry (contract/commands.ts), with Electron's roles. */
export function buildMenu(actions: MenuActions): Menu {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [...items('File', actions), { type: 'separator' }, isMac ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu' },
    { label: 'Agent', submenu: items('Agent', actions) },
    { label: 'Debug', submenu: items('Debug', actions) },
    {
      label: 'View',
      submenu: [
        ...items('View', actions),
        { type: 'separator' },
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: items('Help', actions) },
  ];
  return Menu.buildFromTemplate(template);
}
