// What the workbench remembers of a workspace between page loads and workbench restarts, kept
// in `.brainbench/workbench.json` (the workspace's local settings folder, ignored by git): open
// editor tabs (with unsaved edits, so a reload never loses them), the active tab and bottom
// panel, the selected agent and pane sizes. The theme comes with them to the renderer but is the
// user's, the same in every workspace (main/workbench/user-settings-file.ts); a workspace file
// written before that may still name one. Breakpoints have their own file (debugger.json), and
// the trace history is the host's (fetched again on each load).

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

/** What `.brainbench/workbench.json` holds: the same, the theme only in files written before it was the user's. */
export const workspaceUiSettingsSchema = uiSettingsSchema.partial({ theme: true });
export type WorkspaceUiSettings = z.infer<typeof workspaceUiSettingsSchema>;

export const DEFAULT_WORKSPACE_UI_SETTINGS: WorkspaceUiSettings = { version: 1, openFiles: [], layouts: {} };
