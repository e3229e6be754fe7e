// The held-back items as lines of text, for a terminal (`brainbench serve`, `brainbench trust`).

import type { HeldItem } from '../../contract/views.ts';

export function heldLines(items: readonly HeldItem[]): string[] {
  return items.map(({ subject, where, text }) => `  ${subject}${where === undefined ? '' : ` (${where})`}: ${text}`);
}
