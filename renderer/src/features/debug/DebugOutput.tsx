import { useDebug } from './debug-store.ts';

/** Logpoints' messages and failing conditions, newest last. */
export function DebugOutput() {
  const output = useDebug((s) => s.output);
  return (
    <details className="debug-pane" open={output.length > 0} data-testid="debug-output">
      <summary>Debug output{output.length > 0 ? ` (${output.length})` : ''}</summary>
      <ul className="debug-output">
        {output.slice(-100).map((line, i) => (
          <li key={i}>
            <span className="dim">{line.agent}</span> {line.text}
          </li>
        ))}
      </ul>
    </details>
  );
}
