/**
 * For the active tab of a strip that scrolls sideways when narrow (the editor's, the bottom
 * panel's): it scrolls into sight when it becomes active, never moving the page up or down.
 */
export const keepInSight = (tab: HTMLElement | null): void =>
  tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
