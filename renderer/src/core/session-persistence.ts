// The renderer's state that outlasts a page reload and a workbench restart: open tabs (unsaved
// edits with them, so a reload never loses any), the active tab and bottom panel, the selected
// agent and pane sizes, kept by the host in the workspace's `.brainbench/workbench.json`, and the
// theme, which the host keeps as the user's own setting, the same in every workspace.
// Breakpoints are kept by the host already (debugger.json), and the trace is fetched again.

import type { UiSettings } from '../../../contract/ui-settings.ts';
import { MAX_REMEMBERED_BUFFER, MAX_REMEMBERED_TABS } from '../../../contract/ui-settings-bounds.ts';
import { BOTTOM_PANEL_TABLE } from './bottom-panel-table.ts';
import { useUi } from './ui-store.ts';
import { addFile, notify, rememberWith, request, useWorkbench, type OpenFile } from './workbench-store.ts';

const SAVE_DELAY_MS = 250;

/** The workspace whose remembered state has been restored: only its state is saved back. */
let restoredRoot: string | undefined;

/** The theme, pane sizes, bottom panel and agent: applied before the panels first draw. */
export function applyRememberedView(ui: UiSettings, agents: readonly string[]): void {
  useUi.setState({ theme: ui.theme, layouts: ui.layouts });
  const tab = BOTTOM_PANEL_TABLE.find((panel) => panel.id === ui.bottomTab)?.id;
  const agent = ui.selectedAgent !== undefined && agents.includes(ui.selectedAgent) ? ui.selectedAgent : undefined;
  useWorkbench.setState({ ...(tab ? { bottomTab: tab } : {}), ...(agent ? { selectedAgent: agent } : {}) });
}

/** Reopens the remembered tabs; false when none could be (the caller opens a default one). */
export async function restoreSession(ui: UiSettings): Promise<boolean> {
  const root = useWorkbench.getState().workspace?.root;
  const files = await Promise.all(ui.openFiles.map(reopen));
  for (const file of files) if (file) addFile(file);
  const opened = files.filter((file) => file !== undefined).map((file) => file.path);
  if (ui.activeFile && opened.includes(ui.activeFile)) useWorkbench.setState({ activeFile: ui.activeFile });
  restoredRoot = root;
  return opened.length > 0;
}

/**
 * A remembered tab as the file is now. Unsaved edits come back unsaved, over the version they
 * were made from: when the file changed on disk since, the buffer shows the banner, and a save
 * does not write over the other version unasked (the editor's usual rule).
 */
async function reopen({ path, unsaved }: UiSettings['openFiles'][number]): Promise<OpenFile | undefined> {
  const read = await request('readFile', path).catch(() => undefined);
  if (!unsaved) return read && { path, text: read.text, saved: read.text, mtimeMs: read.mtimeMs };
  if (!read) return { path, text: unsaved.text, saved: '', mtimeMs: unsaved.editedFrom, externalChange: true };
  const changed = read.mtimeMs !== unsaved.editedFrom && read.text !== unsaved.text;
  return {
    path,
    text: unsaved.text,
    saved: read.text,
    mtimeMs: changed ? unsaved.editedFrom : read.mtimeMs,
    ...(changed ? { externalChange: true } : {}),
  };
}

function snapshot(): UiSettings | undefined {
  const { workspace, fileOrder, files, activeFile, bottomTab, selectedAgent } = useWorkbench.getState();
  if (!workspace || workspace.root !== restoredRoot) return undefined;
  const { theme, layouts } = useUi.getState();
  const openFiles = fileOrder.slice(-MAX_REMEMBERED_TABS).map((path) => {
    const file = files[path]!;
    const keep = file.text !== file.saved && file.text.length <= MAX_REMEMBERED_BUFFER;
    return keep ? { path, unsaved: { text: file.text, editedFrom: file.mtimeMs } } : { path };
  });
  return {
    version: 1,
    theme,
    openFiles,
    ...(activeFile ? { activeFile } : {}),
    bottomTab,
    ...(selectedAgent ? { selectedAgent } : {}),
    layouts,
  };
}

/** Sends every change of the remembered state to the host, a little after it settles. */
export function rememberSession(): void {
  rememberWith({ applyView: applyRememberedView, restore: restoreSession });
  let sent = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failed = false;
  const save = () => {
    timer = undefined;
    const settings = snapshot();
    const text = settings && JSON.stringify(settings);
    if (!settings || text === sent) return;
    sent = text!;
    request('saveUiSettings', settings).then(
      () => (failed = false),
      (error: Error) => {
        if (!failed) notify('error', `The workbench’s layout and tabs could not be remembered: ${error.message}`);
        failed = true;
        sent = '';
      },
    );
  };
  const changed = () => {
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  };
  useWorkbench.subscribe(changed);
  useUi.subscribe(changed);
  window.addEventListener('pagehide', () => {
    if (timer) clearTimeout(timer);
    save();
  });
}
