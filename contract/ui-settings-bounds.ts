// The choices and bounds of the remembered workbench state (ui-settings.ts), apart so the
// renderer can read them without bundling zod.

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The most tabs kept, and the largest unsaved buffer kept with them (characters). */
export const MAX_REMEMBERED_TABS = 50;
export const MAX_REMEMBERED_BUFFER = 4 * 1024 * 1024;
