// What the workbench remembers of a workspace between page loads and workbench restarts, kept
// in `.brainbench/workbench.json` (the workspace's local settings folder, ignored by git): open
// editor tabs (with unsaved edits, so a reload never loses them), the active tab and bottom
// panel, the selected agent, pane sizes and the theme. Breakpoints have their own file
// (debugger.json), and the trace history is the host's (fetched again on each load).

import { z } from 'zod';
import { MAX_REMEMBERED_BUFFER, MAX_REMEMBERED_TABS, THEME_CHOICES } from './ui-settings-bounds.ts';

export type { ThemeChoice } from './ui-settings-bounds.ts';

const paneLayout = z.record(z.string(), z.number().min(0).max(100));
export type PaneLayout = z.infer<typeof paneLayout>;

export const uiSettingsSchema = z
  .object({
    version: z.literal(1),
    theme: z.enum(THEME_CHOICES),
    openFiles: z
      .array(
        z
          .object({
            path: z.string().min(1),
            /** Edits not saved yet, and the version of the file on disk they were made over. */
            unsaved: z
              .object({ text: z.string().max(MAX_REMEMBERED_BUFFER), editedFrom: z.number() })
              .strict()
              .optional(),
          })
          .strict(),
      )
      .max(MAX_REMEMBERED_TABS),
    activeFile: z.string().optional(),
    bottomTab: z.string().optional(),
    selectedAgent: z.string().optional(),
    layouts: z.record(z.string(), paneLayout),
  })
  .strict();

export type UiSettings = z.infer<typeof uiSettingsSchema>;

export const DEFAULT_UI_SETTINGS: UiSettings = { version: 1, theme: 'system', openFiles: [], layouts: {} };
