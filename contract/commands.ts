// Every command of the workbench with its shortcut, stated once. The renderer's keyboard handler,
// the toolbar's tooltips, the command palette, the shortcut reference and the Electron menu all
// read this table, and docs/workbench.md's shortcut table is checked against it by a test, so
// none of them can drift from the others. Plain data: the renderer binds the actions by id.

/** A key as `KeyboardEvent.key` names it, after modifiers; `Mod` is Ctrl, or Cmd on macOS. */
export type KeyChord = string;

export type CommandMenu = 'File' | 'Agent' | 'Debug' | 'View' | 'Help';

export interface CommandEntry {
  id: string;
  title: string;
  menu: CommandMenu;
  /** The first is the one shown; the others work too (F1 beside Ctrl+Shift+P). */
  keys?: readonly KeyChord[];
  /** What the key does, for the reference and the docs, where the title does not say it all. */
  detail?: string;
  /** Only the Electron shell can do it (native dialogs): the browser's palette leaves it out. */
  electronOnly?: boolean;
}

export const COMMANDS = [
  { id: 'open-workspace', title: 'Open Workspace…', menu: 'File', keys: ['Mod+O'], electronOnly: true },
  { id: 'open-config-file', title: 'Open Config File…', menu: 'File', keys: ['Mod+Alt+O'], electronOnly: true },
  { id: 'open-workspace-path', title: 'Open Workspace by Path…', menu: 'File' },
  { id: 'open-recording', title: 'Open Recording…', menu: 'File', keys: ['Mod+Shift+O'] },
  { id: 'compare-recordings', title: 'Compare Recordings…', menu: 'File' },
  { id: 'save-recording-test', title: 'Save Recording as Test…', menu: 'File' },
  { id: 'pick-component', title: 'Pick Wasm Component…', menu: 'File' },
  {
    id: 'add-to-dataset',
    title: 'Add to Dataset…',
    menu: 'File',
    detail:
      'The open recording (or branch), else the selected agent’s last live iteration, as a case of an eval’s dataset',
  },
  {
    id: 'workspace-trust',
    title: 'Workspace Trust…',
    menu: 'File',
    detail: 'Show what the folder holds back until you trust it',
  },
  { id: 'revoke-trust', title: 'Revoke Workspace Trust', menu: 'File', detail: 'Restrict the open folder again' },
  { id: 'save', title: 'Save', menu: 'File', keys: ['Mod+S'], detail: 'Save the active file' },
  {
    id: 'run',
    title: 'Run / Continue',
    menu: 'Agent',
    keys: ['F5'],
    detail: 'Continue the selected agent when it is stopped; Run it in a loop else',
  },
  { id: 'stop', title: 'Stop', menu: 'Agent', keys: ['Shift+F5'] },
  {
    id: 'pause',
    title: 'Pause',
    menu: 'Agent',
    keys: ['F6'],
    detail: 'Pause: at the next statement (Rhai, JS) or host call (wasm)',
  },
  { id: 'step', title: 'Step One Iteration', menu: 'Agent', keys: ['F8'] },
  {
    id: 'step-call',
    title: 'Step Over Held Host Call',
    menu: 'Agent',
    keys: ['Shift+F8'],
    detail: 'Step over the held host call: run it, hold before the next one',
  },
  { id: 'restart', title: 'Restart Agent Process', menu: 'Agent', keys: ['Mod+Shift+R'] },
  {
    id: 'run-tests',
    title: 'Run Workspace Tests',
    menu: 'Agent',
    keys: ['Mod+Shift+T'],
    detail: 'Run the workspace tests (a browser may keep this key for itself)',
  },
  {
    id: 'toggle-breakpoint',
    title: 'Toggle Breakpoint',
    menu: 'Debug',
    keys: ['F9'],
    detail: 'Toggle the breakpoint on the cursor’s line',
  },
  { id: 'step-over', title: 'Step Over', menu: 'Debug', keys: ['F10'], detail: 'Step over (when stopped)' },
  { id: 'step-into', title: 'Step Into', menu: 'Debug', keys: ['F11'], detail: 'Step into (when stopped)' },
  { id: 'step-out', title: 'Step Out', menu: 'Debug', keys: ['Shift+F11'], detail: 'Step out (when stopped)' },
  {
    id: 'step-back',
    title: 'Step Back',
    menu: 'Debug',
    keys: ['Alt+F10'],
    detail: 'Step back to the previous statement (when stopped; time travel)',
  },
  {
    id: 'reverse-continue',
    title: 'Reverse Continue',
    menu: 'Debug',
    keys: ['Alt+F5'],
    detail: 'Reverse continue to the previous breakpoint hit (when stopped; time travel)',
  },
  { id: 'show-evals', title: 'Evals', menu: 'View', keys: ['Mod+Shift+E'], detail: 'Show or hide the Evals view' },
  {
    id: 'run-eval',
    title: 'Run Eval',
    menu: 'Agent',
    keys: ['Mod+Shift+U'],
    detail: 'Run the eval chosen in the Evals view, with a live progress bar',
  },
  { id: 'cancel-eval', title: 'Cancel Eval Run', menu: 'Agent', detail: 'Stop the running eval taking new trials' },
  {
    id: 'compare-eval-results',
    title: 'Compare Eval Results…',
    menu: 'View',
    detail: 'Compare the open results file with a baseline, regressions first',
  },
  {
    id: 'eval-line-counts',
    title: 'Line Counts of the Eval Results',
    menu: 'Debug',
    detail:
      'Re-execute every trial’s recording of the open results file and count each brain line: a summary per brain, and the editor’s gutter',
  },
  {
    id: 'eval-case-line-counts',
    title: 'Line Counts of the Selected Eval Case',
    menu: 'Debug',
    detail: 'The same over the trials of the case of the selected cell: which lines does this case reach',
  },
  {
    id: 'cancel-eval-line-counts',
    title: 'Cancel Eval Line Counts',
    menu: 'Debug',
    detail: 'Stop the eval’s line counts now and end their agent processes',
  },
  {
    id: 'eval-case-trial-split',
    title: 'Where Do the Selected Eval Case’s Trials Split?',
    menu: 'Debug',
    detail:
      'Align the recordings of the selected case’s trials call by call: the first call where they split, the answer that split them, passing and failing trials marked',
  },
  {
    id: 'replay-corpus',
    title: 'Replay Corpus…',
    menu: 'View',
    keys: ['Mod+Shift+K'],
    detail: 'Show the Corpus replay view: every recording of a folder replayed against the workspace’s brains',
  },
  {
    id: 'cancel-corpus-replay',
    title: 'Cancel Corpus Replay',
    menu: 'Agent',
    detail: 'Stop the running corpus replay; what was done is kept',
  },
  {
    id: 'run-chaos',
    title: 'Chaos on the Recording…',
    menu: 'Agent',
    detail: 'Show chaos for the opened recording: one replay per failure of one recorded effect, on mocks',
  },
  {
    id: 'cancel-chaos',
    title: 'Cancel Chaos',
    menu: 'Agent',
    detail: 'Stop the running chaos run; what was done is kept',
  },
  { id: 'command-palette', title: 'Command Palette…', menu: 'View', keys: ['Mod+Shift+P', 'F1'] },
  { id: 'theme-system', title: 'Theme: Follow the System', menu: 'View' },
  { id: 'theme-light', title: 'Theme: Light', menu: 'View' },
  { id: 'theme-dark', title: 'Theme: Dark', menu: 'View' },
  { id: 'keyboard-shortcuts', title: 'Keyboard Shortcuts', menu: 'Help' },
] as const satisfies readonly CommandEntry[];

export type CommandId = (typeof COMMANDS)[number]['id'];

export function commandEntry(id: CommandId): CommandEntry {
  return COMMANDS.find((command) => command.id === id)!;
}

/** A chord as a person reads it: `Ctrl/Cmd+Shift+P`, or `Cmd+Shift+P` on a Mac. */
export function showChord(chord: KeyChord, platform: 'mac' | 'other' | 'both' = 'both'): string {
  const mod = { mac: 'Cmd', other: 'Ctrl', both: 'Ctrl/Cmd' }[platform];
  return chord.replace(/^Mod\+/, `${mod}+`);
}

/** Electron's accelerator for a chord. */
export function accelerator(chord: KeyChord): string {
  return chord.replace(/^Mod\+/, 'CmdOrCtrl+');
}
