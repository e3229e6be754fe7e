import { useSelectedStop } from './debug-store.ts';
import { VariableNode } from './VariableTree.tsx';

/** The selected frame's scopes: Locals, Globals, This from the engine, Memory and Inbox from the host. */
export function VariablesPane() {
  const selected = useSelectedStop();
  return (
    <details className="debug-pane" open data-testid="variables">
      <summary>Variables</summary>
      {!selected ? (
        <div className="empty">Not stopped.</div>
      ) : (
        <ul className="variable-tree" key={`${selected.stop.generation}:${selected.stop.frameId}`}>
          {selected.stop.scopes.map((scope, i) => (
            <VariableNode
              key={scope.name}
              agent={selected.agent}
              parent={undefined}
              variable={{ name: scope.name, value: '', variablesReference: scope.variablesReference }}
              initiallyOpen={i === 0 && !scope.expensive}
              editable={scope.name !== 'Inbox' && scope.name !== 'Call'}
            />
          ))}
        </ul>
      )}
    </details>
  );
}
