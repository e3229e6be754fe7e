import { dismiss, useWorkbench } from '../core/workbench-store.ts';

export function Notices() {
  const notices = useWorkbench((s) => s.notices);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice ${n.kind}`} data-testid={`notice-${n.kind}`}>
          {n.text}
          <button onClick={() => dismiss(n.id)} aria-label="dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
