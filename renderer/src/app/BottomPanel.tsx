import { keepInSight } from '../shared/tabs/keep-in-sight.ts';
import { showTab, useWorkbench } from '../core/workbench-store.ts';
import { BOTTOM_PANELS } from './bottom-panels.ts';

export function BottomPanel() {
  const tab = useWorkbench((s) => s.bottomTab);
  const Body = BOTTOM_PANELS.find((panel) => panel.id === tab)?.component;
  return (
    <div className="bottom-panel">
      <div className="tabs" role="tablist">
        {BOTTOM_PANELS.map((panel) => (
          <button
            key={panel.id}
            role="tab"
            aria-selected={tab === panel.id}
            className={`tab ${tab === panel.id ? 'active' : ''}`}
            data-testid={`tab-${panel.id}`}
            ref={tab === panel.id ? keepInSight : undefined}
            onClick={() => showTab(panel.id)}
          >
            {panel.title}
          </button>
        ))}
      </div>
      <div className="tab-body">{Body ? <Body /> : null}</div>
    </div>
  );
}
