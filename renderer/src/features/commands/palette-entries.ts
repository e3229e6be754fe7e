// What the command palette lists: every command of the registry this shell can run, and one
// entry per bottom panel (Show Timeline, …), with its key.

import { COMMANDS } from '../../../../contract/commands.ts';
import { BOTTOM_PANEL_TABLE } from '../../core/bottom-panel-table.ts';
import { showTab } from '../../core/workbench-store.ts';
import { shortcutOf } from '../../app/shortcuts.ts';
import { COMMAND_ACTIONS } from './command-actions.ts';

export interface PaletteEntry {
  id: string;
  title: string;
  category: string;
  shortcut: string;
  available(): boolean;
  run(): void;
}

export function paletteEntries(): PaletteEntry[] {
  const commands = COMMANDS.filter((c) => !('electronOnly' in c)).map((command) => {
    const action = COMMAND_ACTIONS[command.id];
    return {
      id: command.id,
      title: command.title,
      category: command.menu,
      shortcut: shortcutOf(command.id),
      available: () => action.available?.() !== false,
      run: action.run,
    };
  });
  const panels = BOTTOM_PANEL_TABLE.map((panel) => ({
    id: `panel-${panel.id}`,
    title: `Show ${panel.title}`,
    category: 'View',
    shortcut: '',
    available: () => true,
    run: () => showTab(panel.id),
  }));
  return [...commands, ...panels];
}
