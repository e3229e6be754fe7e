import { showTab, useWorkbench, type BottomTab } from '../store/workbench-store.ts';
import { BackendsPanel } from './BackendsPanel.tsx';
import { BusInspector } from './BusInspector.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { RegistriesPanel } from './RegistriesPanel.tsx';
import { TestsPanel } from './TestsPanel.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';

const TABS: { id: BottomTab; label: string }[] = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'bus', label: 'Message bus' },
  { id: 'chat', label: 'Chat streams' },
  { id: 'registries', label: 'Timers & subscriptions' },
  { id: 'backends', label: 'Providers & tooling' },
  { id: 'tests', label: 'Tests' },
];

export function BottomPanel() {
  const tab = useWorkbench((s) => s.bottomTab);
  return (
    <div className="bottom-panel">
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            aria-selected={tab === t.id}
            className={`tab ${tab === t.id ? 'active' : ''}`}
            data-testid={`tab-${t.id}`}
            onClick={() => showTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="tab-body">
        {tab === 'timeline' ? <TimelinePanel /> : null}
        {tab === 'bus' ? <BusInspector /> : null}
        {tab === 'chat' ? <ChatPanel /> : null}
        {tab === 'registries' ? <RegistriesPanel /> : null}
        {tab === 'backends' ? <BackendsPanel /> : null}
        {tab === 'tests' ? <TestsPanel /> : null}
      </div>
    </div>
  );
}
