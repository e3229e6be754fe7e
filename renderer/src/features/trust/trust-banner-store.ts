// The workspace trust banner (docs/workbench.md#workspace-trust): shown while the open folder is
// not trusted and holds something back. Don't trust hides it for this session, until the folder
// holds back something it did not before (a command added to the config); the status bar's
// Restricted item, or the Workspace Trust command, opens it again.

import { create } from 'zustand';
import type { WorkspaceView } from '../../../../contract/views.ts';
import { attempt, notify } from '../../core/workbench-store.ts';

interface TrustBannerState {
  /** What the user chose not to trust, by folder: the items' texts. */
  declined: { root: string; held: readonly string[] } | undefined;
  /** Opened on request, whatever was declined. */
  opened: boolean;
}

export const useTrustBanner = create<TrustBannerState>(() => ({ declined: undefined, opened: false }));

const set = useTrustBanner.setState;

const heldTexts = (workspace: WorkspaceView) => workspace.trust.held.map((item) => `${item.subject}\0${item.text}`);

export function bannerShown(workspace: WorkspaceView, state: TrustBannerState): boolean {
  const { trust } = workspace;
  if (trust.trusted || trust.held.length === 0) return false;
  if (state.opened) return true;
  const { declined } = state;
  if (!declined || declined.root !== workspace.root) return true;
  return heldTexts(workspace).some((text) => !declined.held.includes(text));
}

export function dontTrust(workspace: WorkspaceView): void {
  set({ declined: { root: workspace.root, held: heldTexts(workspace) }, opened: false });
}

export function showTrustBanner(): void {
  set({ opened: true });
}

export async function trustWorkspace(): Promise<void> {
  const view = await attempt('trustWorkspace');
  if (!view) return;
  set({ opened: false });
  notify('info', 'The workspace is trusted: what was held back runs now');
}

export async function revokeTrust(): Promise<void> {
  const view = await attempt('revokeTrust');
  if (!view) return;
  set({ declined: undefined, opened: false });
  notify('info', 'The workspace is no longer trusted: it is restricted again');
}
