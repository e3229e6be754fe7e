import { useContext, useEffect, useMemo, useState } from 'react';
import type { VariableInfo } from '../../../../contract/debug-views.ts';
import { liveVariables, VariableSourceContext, type VariableSource } from './variable-source.ts';

interface NodeProps {
  /** The container the variable is read from: the reference to set it through. */
  parent: number | undefined;
  variable: Pick<VariableInfo, 'name' | 'value' | 'type' | 'variablesReference'>;
  /** The names from the scope down to the container the variable is in (none for a scope). */
  within?: readonly string[];
  /** Open until the user closes it (the Locals scope). */
  initiallyOpen?: boolean;
  editable: boolean;
}

/** A value a live agent holds, stopped (the Variables and Watch panes). */
export function VariableNode({ agent, ...props }: NodeProps & { agent: string }) {
  const source = useMemo(() => liveVariables(agent), [agent]);
  return (
    <VariableSourceContext.Provider value={source}>
      <ValueNode {...props} />
    </VariableSourceContext.Provider>
  );
}

function useSource(): VariableSource {
  const source = useContext(VariableSourceContext);
  if (!source) throw new Error('a variable tree needs a VariableSourceContext');
  return source;
}

/**
 * A value the brain holds, from the tree's source: its children read when it is first opened, its
 * value editable in place where the source can set it.
 */
export function ValueNode({ parent, variable, within = [], initiallyOpen = false, editable }: NodeProps) {
  const source = useSource();
  const reference = variable.variablesReference;
  const names = [...within, variable.name];
  const path = source.path(names);
  // By path: the next stop's tree opens where this one was open.
  const open = source.useOpen(path, initiallyOpen);
  const toggle = () => reference > 0 && source.setOpen(path, !open);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const children = source.useChildren(reference);
  useEffect(() => {
    if (open && reference > 0 && !children) source.read(reference);
  }, [open, reference, children, source]);
  const canEdit = editable && parent !== undefined && source.set !== undefined;
  const commit = async () => {
    if (editing === undefined || parent === undefined || !source.set) return;
    if (await source.set(parent, variable.name, editing)) setEditing(undefined);
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
              <ValueNode key={child.name} parent={reference} variable={child} within={names} editable={editable} />
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
