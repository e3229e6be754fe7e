// The workbench's remembered tabs, panels, pane sizes and theme for a workspace:
// `.brainbench/workbench.json` (contract/ui-settings.ts says what is in it). Saves arrive often
// (the renderer sends each change, debounced); they are written one after another, the last
// one winning.

import { DEFAULT_UI_SETTINGS, uiSettingsSchema, type UiSettings } from '../../contract/ui-settings.ts';
import { readSettingsFile, writeSettingsFile } from './settings-folder.ts';

const FILE = 'workbench.json';

export class UiSettingsFile {
  private settings: UiSettings | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly root: string,
    private readonly warn: (message: string) => void,
  ) {}

  read(): UiSettings {
    if (!this.settings) {
      const { settings, problem } = readSettingsFile(this.root, FILE, uiSettingsSchema, DEFAULT_UI_SETTINGS);
      if (problem) this.warn(problem);
      this.settings = settings;
    }
    return this.settings;
  }

  save(settings: UiSettings): Promise<void> {
    this.settings = settings;
    const write = this.writing.then(() => writeSettingsFile(this.root, FILE, this.settings));
    this.writing = write.catch(() => undefined);
    return write;
  }
}
