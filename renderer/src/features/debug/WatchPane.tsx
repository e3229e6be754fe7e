import { useState } from 'react';
import { addWatch, removeWatch, useDebug, useSelectedStop } from './debug-store.ts';
import { VariableNode } from './VariableTree.tsx';

/** Expressions in the brain's language, evaluated in the selected frame at every stop. */
export function WatchPane() {
  const watches = useDebug((s) => s.watches);
  const results = useDebug((s) => s.watchResults);
  const selected = useSelectedStop();
  const [draft, setDraft] = useState('');
  return (
    <details className="debug-pane" open data-testid="watch">
      <summary>Watch</summary>
      <ul className="variable-tree">
        {watches.map((expression) => {
          const result = results[expression];
          return (
            <li key={expression} className="watch" data-testid="watch-entry" data-expression={expression}>
              {selected && result?.value !== undefined ? (
                <ul className="variable-tree">
                  <VariableNode
                    agent={selected.agent}
                    parent={undefined}
                    variable={{
                      name: expression,
                      value: result.value,
                      variablesReference: result.variablesReference ?? 0,
                      ...(result.type ? { type: result.type } : {}),
                    }}
                    within={['Watch']}
                    editable={false}
                  />
                </ul>
              ) : (
                <span>
                  <span className="variable-name">{expression}</span>:{' '}
                  <span className={result?.error ? 'error-text' : 'dim'} data-testid="variable-value">
                    {result?.error ?? 'not available'}
                  </span>
                </span>
              )}
              <button
                className="remove"
                aria-label={`remove watch ${expression}`}
                onClick={() => removeWatch(expression)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <form
        className="watch-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim()) addWatch(draft);
          setDraft('');
        }}
      >
        <input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Add an expression to watch"
          aria-label="watch expression"
        />
      </form>
    </details>
  );
}
