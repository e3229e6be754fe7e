// The keyboard, read from the one registry of commands (contract/commands.ts): a key runs the
// command it is bound to when that command is available now (F10 only at a stop). Keys are
// caught before the editor sees them, since Monaco binds F8 and F1 itself.

import { COMMANDS, showChord, type CommandId, type KeyChord } from '../../../contract/commands.ts';
import { COMMAND_ACTIONS } from '../features/commands/command-actions.ts';
import { modalOpen } from '../shared/dialogs/modal-stack.ts';

interface ParsedChord {
  mod: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parse(chord: KeyChord): ParsedChord {
  const parts = chord.split('+');
  const key = parts.pop()!;
  return { mod: parts.includes('Mod'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key };
}

/** A letter is matched by its physical key as well, since Alt and Shift change `event.key`. */
function matches(chord: ParsedChord, event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) !== chord.mod) return false;
  if (event.shiftKey !== chord.shift || event.altKey !== chord.alt) return false;
  if (chord.key.length === 1) {
    return event.key.toLowerCase() === chord.key.toLowerCase() || event.code === `Key${chord.key.toUpperCase()}`;
  }
  return event.key === chord.key;
}

const BINDINGS: { chord: ParsedChord; id: CommandId }[] = COMMANDS.flatMap((command) =>
  ('keys' in command ? command.keys : []).map((chord) => ({ chord: parse(chord), id: command.id })),
);

export function handleShortcut(event: KeyboardEvent): void {
  const binding = BINDINGS.find(({ chord, id }) => {
    const action = COMMAND_ACTIONS[id];
    return matches(chord, event) && action.available?.() !== false;
  });
  if (!binding) return;
  event.preventDefault();
  event.stopPropagation();
  // One modal at a time: while a dialog is open, its keys are its own and no command opens another.
  if (!modalOpen()) COMMAND_ACTIONS[binding.id].run();
}

const IS_MAC = /Mac|iPhone|iPad/.test(navigator.platform);

/** A command's first key as a tooltip shows it (`Ctrl+S`); '' for a command without one. */
export function shortcutOf(id: CommandId): string {
  const command = COMMANDS.find((c) => c.id === id);
  const chord = command && 'keys' in command ? command.keys[0] : undefined;
  return chord ? showChord(chord, IS_MAC ? 'mac' : 'other') : '';
}

/** The keys the buttons name in their tooltips, from the registry. */
export const SHORTCUTS = {
  run: shortcutOf('run'),
  stop: shortcutOf('stop'),
  pause: shortcutOf('pause'),
  toggleBreakpoint: shortcutOf('toggle-breakpoint'),
  stepOver: shortcutOf('step-over'),
  stepInto: shortcutOf('step-into'),
  stepOut: shortcutOf('step-out'),
  stepBack: shortcutOf('step-back'),
  reverseContinue: shortcutOf('reverse-continue'),
  step: shortcutOf('step'),
  stepCall: shortcutOf('step-call'),
  restart: shortcutOf('restart'),
  save: shortcutOf('save'),
  openRecording: shortcutOf('open-recording'),
} as const;
