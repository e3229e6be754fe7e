import { useEffect, useState } from 'react';
import type { VariableInfo } from '../../../../contract/debug-views.ts';
import { expandVariable, setExpanded, setVariable, useDebug, variablePath } from './debug-store.ts';

interface NodeProps {
  agent: string;
  /** The container the variable is read from: the reference to set it through. */
  parent: number | undefined;
  variable: Pick<VariableInfo, 'name' | 'value' | 'type' | 'variablesReference'>;
  /** The names from the scope down to the container the variable is in (none for a scope). */
  within?: readonly string[];
  /** Open until the user closes it (the Locals scope). */
  initiallyOpen?: boolean;
  editable: boolean;
}

/** A value the brain holds: its children read when it is first opened, its value editable in place. */
export function VariableNode({ agent, parent, variable, within = [], initiallyOpen = false, editable }: NodeProps) {
  const reference = variable.variablesReference;
  const names = [...within, variable.name];
  const path = variablePath(agent, names);
  // By path, in the store: the next stop's tree opens where this one was open.
  const open = useDebug((s) => s.expansion[path] ?? initiallyOpen);
  const toggle = () => reference > 0 && setExpanded(path, !open);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const children = useDebug((s) => (reference > 0 ? s.children[`${agent}/${reference}`] : undefined));
  useEffect(() => {
    if (open && reference > 0 && !children) void expandVariable(agent, reference);
  }, [open, reference, children, agent]);
  const canEdit = editable && parent !== undefined;
  const commit = async () => {
    if (editing === undefined || parent === undefined) return;
    if (await setVariable(agent, parent, variable.name, editing)) setEditing(undefined);
  };
  return (
    <li className="variable" data-testid="variable" data-name={variable.name}>
      <div
        className={`variable-row ${reference > 0 ? 'expandable' : ''}`}
        onClick={editing === undefined ? toggle : undefined}
      >
        <span
          className={`twisty ${reference > 0 ? '' : 'leaf'}`}
          role={reference > 0 ? 'button' : undefined}
          aria-label={reference > 0 ? `${open ? 'collapse' : 'expand'} ${variable.name}` : undefined}
          aria-expanded={reference > 0 ? open : undefined}
          tabIndex={reference > 0 ? 0 : undefined}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            toggle();
          }}
        >
          {reference > 0 ? (open ? '▾' : '▸') : ''}
        </span>
        <span className="variable-name">{variable.name}</span>
        {variable.value !== '' || editing !== undefined ? <span className="colon">: </span> : null}
        {editing !== undefined ? (
          <input
            autoFocus
            className="variable-edit"
            aria-label={`new value of ${variable.name}`}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void commit();
              if (e.key === 'Escape') setEditing(undefined);
            }}
            onBlur={() => setEditing(undefined)}
          />
        ) : (
          <code
            className="variable-value"
            data-testid="variable-value"
            title={canEdit ? 'Double-click to set it (an expression in the brain’s language)' : variable.type}
            onDoubleClick={() => canEdit && setEditing(variable.value)}
          >
            {variable.value}
          </code>
        )}
        {variable.type ? <span className="variable-type">{variable.type}</span> : null}
      </div>
      {open && reference > 0 ? (
        children ? (
          <ul className="variable-children">
            {children.map((child) => (
              <VariableNode
                key={child.name}
                agent={agent}
                parent={reference}
                variable={child}
                within={names}
                editable={editable}
              />
            ))}
            {children.length === 0 ? <li className="empty">empty</li> : null}
          </ul>
        ) : (
          <div className="empty">reading…</div>
        )
      ) : null}
    </li>
  );
}
