// The workbench's own choices that are not about the workspace's content: the theme, the pane
// sizes, which overlay is open. The pane sizes are kept in the workspace's settings and the theme
// in the user's (core/session-persistence.ts); the overlays are not kept.

import { create } from 'zustand';
import type { PaneLayout, ThemeChoice } from '../../../contract/ui-settings.ts';

export type Overlay = 'palette' | 'shortcuts' | 'open-workspace';

interface UiState {
  theme: ThemeChoice;
  /** Pane sizes by split id, as react-resizable-panels reports them (percentages). */
  layouts: Record<string, PaneLayout>;
  overlay: Overlay | undefined;
}

export const useUi = create<UiState>(() => ({ theme: 'system', layouts: {}, overlay: undefined }));

export function setTheme(theme: ThemeChoice): void {
  useUi.setState({ theme });
}

export function setLayout(split: string, layout: PaneLayout): void {
  useUi.setState((s) => ({ layouts: { ...s.layouts, [split]: layout } }));
}

export function showOverlay(overlay: Overlay | undefined): void {
  useUi.setState({ overlay });
}
