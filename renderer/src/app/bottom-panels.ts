// Each feature's panel put to its place in the bottom tab strip (core/bottom-panel-table.ts holds
// the ids, titles and order): adding a panel is a row there and its view here.

import type { ComponentType } from 'react';
import { BOTTOM_PANEL_TABLE, type BottomPanelId } from '../core/bottom-panel-table.ts';
import { AccountingPanel } from '../features/accounting/AccountingPanel.tsx';
import { AgentStatePanel } from '../features/agents/AgentStatePanel.tsx';
import { RegistriesPanel } from '../features/agents/RegistriesPanel.tsx';
import { BusInspector } from '../features/bus/BusInspector.tsx';
import { ChatPanel } from '../features/chat/ChatPanel.tsx';
import { TestsPanel } from '../features/tests/TestsPanel.tsx';
import { TimelinePanel } from '../features/timeline/TimelinePanel.tsx';
import { BackendsPanel } from '../features/tools/BackendsPanel.tsx';

const VIEWS: Record<BottomPanelId, ComponentType> = {
  timeline: TimelinePanel,
  bus: BusInspector,
  chat: ChatPanel,
  registries: RegistriesPanel,
  state: AgentStatePanel,
  backends: BackendsPanel,
  tests: TestsPanel,
  accounting: AccountingPanel,
};

/** In strip order, each with its view. */
export const BOTTOM_PANELS = BOTTOM_PANEL_TABLE.map((entry) => ({ ...entry, component: VIEWS[entry.id] }));
