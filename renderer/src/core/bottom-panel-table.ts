// The panels of the bottom tab strip as data: their ids, titles and order. Stores and commands
// read this; the views are put to the ids in app/bottom-panels.ts, so no store imports a view.

interface BottomPanelEntry<Id extends string = string> {
  /** Also the tab's test id, `tab-<id>`. */
  id: Id;
  title: string;
  /** Left to right in the strip. */
  order: number;
}

const TABLE = [
  { id: 'timeline', title: 'Timeline', order: 10 },
  { id: 'bus', title: 'Message bus', order: 20 },
  { id: 'chat', title: 'Chat streams', order: 30 },
  { id: 'registries', title: 'Timers & subscriptions', order: 40 },
  { id: 'state', title: 'Memory & inbox', order: 45 },
  { id: 'backends', title: 'Providers & tooling', order: 50 },
  { id: 'tests', title: 'Tests', order: 60 },
  { id: 'accounting', title: 'Accounting', order: 70 },
] as const satisfies readonly BottomPanelEntry[];

export type BottomPanelId = (typeof TABLE)[number]['id'];

/** In strip order. */
export const BOTTOM_PANEL_TABLE: readonly BottomPanelEntry<BottomPanelId>[] = [...TABLE].sort(
  (a, b) => a.order - b.order,
);
