// Native menu items (Electron) arrive as the ids of the command registry; they run as the
// palette's picks and the shortcuts do.

import { runCommand } from '../features/commands/command-actions.ts';

export function runMenuCommand(command: string): void {
  runCommand(command);
}
