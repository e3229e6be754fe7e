// The workbench's remembered tabs, panels and pane sizes for a workspace:
// `.brainbench/workbench.json` (contract/ui-settings.ts says what is in it; the theme is the
// user's, in user-settings-file.ts). Saves arrive often
// (the renderer sends each change, debounced); they are written one after another, the last
// one winning.

import {
  DEFAULT_WORKSPACE_UI_SETTINGS,
  workspaceUiSettingsSchema,
  type WorkspaceUiSettings,
} from '../../contract/ui-settings.ts';
import { readSettingsFile, writeSettingsFile } from './settings-folder.ts';

const FILE = 'workbench.json';

export class UiSettingsFile {
  private settings: WorkspaceUiSettings | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly root: string,
    private readonly warn: (message: string) => void,
  ) {}

  read(): WorkspaceUiSettings {
    if (!this.settings) {
      const { settings, problem } = readSettingsFile(
        this.root,
        FILE,
        workspaceUiSettingsSchema,
        DEFAULT_WORKSPACE_UI_SETTINGS,
      );
      if (problem) this.warn(problem);
      this.settings = settings;
    }
    return this.settings;
  }

  save(settings: WorkspaceUiSettings): Promise<void> {
    this.settings = settings;
    const write = this.writing.then(() => writeSettingsFile(this.root, FILE, this.settings));
    this.writing = write.catch(() => undefined);
    return write;
  }
}
