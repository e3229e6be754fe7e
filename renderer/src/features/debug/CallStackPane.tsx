import type { StackFrameInfo } from '../../../../contract/debug-views.ts';
import { selectFrame, useSelectedStop, workspacePath } from './debug-store.ts';
import { FrameList } from './FrameList.tsx';

/** Code without a file (Rhai `eval` text), read-only, its current line marked. */
function FrameText({ frame }: { frame: StackFrameInfo & { text: string } }) {
  return (
    <pre className="frame-text" data-testid="frame-text" aria-label={`${frame.source} (read-only)`}>
      {frame.text.split('\n').map((line, i) => (
        <div key={i} className={i + 1 === frame.line ? 'current' : undefined}>
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}

/** The stopped agent's frames, innermost first; a held host call is the top one. */
export function CallStackPane() {
  const selected = useSelectedStop();
  return (
    <details className="debug-pane" open data-testid="call-stack">
      <summary>Call stack</summary>
      {!selected ? (
        <div className="empty">Not stopped.</div>
      ) : selected.stop.frames.length === 0 ? (
        <div className="empty">{selected.stop.op ? `held before ${selected.stop.op}` : 'reading…'}</div>
      ) : (
        <FrameList
          frames={selected.stop.frames.map((frame) => ({
            id: frame.id,
            name: frame.name,
            ...(frame.line > 0 ? { where: `${workspacePath(frame.source).split('/').pop()}:${frame.line}` } : {}),
          }))}
          selected={selected.stop.frameId}
          onSelect={(id) => void selectFrame(selected.agent, id)}
        />
      )}
      {(() => {
        const frame = selected?.stop.frames.find((f) => f.id === selected.stop.frameId);
        return frame?.text === undefined ? null : <FrameText frame={{ ...frame, text: frame.text }} />;
      })()}
    </details>
  );
}
