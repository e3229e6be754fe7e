// The panels of the bottom tab strip, registered in one table: the strip, its body and the
// store's tab type all come from here, so adding a panel is one entry.

import type { ComponentType } from 'react';
import { AccountingPanel } from './accounting/AccountingPanel.tsx';
import { AgentStatePanel } from './AgentStatePanel.tsx';
import { BackendsPanel } from './BackendsPanel.tsx';
import { BusInspector } from './BusInspector.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { RegistriesPanel } from './RegistriesPanel.tsx';
import { TestsPanel } from './TestsPanel.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';

interface BottomPanelEntry<Id extends string = string> {
  /** Also the tab's test id, `tab-<id>`. */
  id: Id;
  title: string;
  /** Left to right in the strip. */
  order: number;
  component: ComponentType;
}

const REGISTRY = [
  { id: 'timeline', title: 'Timeline', order: 10, component: TimelinePanel },
  { id: 'bus', title: 'Message bus', order: 20, component: BusInspector },
  { id: 'chat', title: 'Chat streams', order: 30, component: ChatPanel },
  { id: 'registries', title: 'Timers & subscriptions', order: 40, component: RegistriesPanel },
  { id: 'state', title: 'Memory & inbox', order: 45, component: AgentStatePanel },
  { id: 'backends', title: 'Providers & tooling', order: 50, component: BackendsPanel },
  { id: 'tests', title: 'Tests', order: 60, component: TestsPanel },
  { id: 'accounting', title: 'Accounting', order: 70, component: AccountingPanel },
] as const satisfies readonly BottomPanelEntry[];

export type BottomPanelId = (typeof REGISTRY)[number]['id'];

/** In strip order. */
export const BOTTOM_PANELS: readonly BottomPanelEntry<BottomPanelId>[] = [...REGISTRY].sort(
  (a, b) => a.order - b.order,
);
