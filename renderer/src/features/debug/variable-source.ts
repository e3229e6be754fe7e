// Where a variable tree reads its values from: the live debugger's stopped agent (debug-store.ts),
// or a recording's debug session (recording-debug-store.ts). The tree itself (VariableTree.tsx) is
// the same for both: children read by reference when a value is first opened, the open ones kept
// open across steps by their path from the scope.

import { createContext } from 'react';
import type { VariableInfo } from '../../../../contract/debug-views.ts';
import { expandVariable, setExpanded, setVariable, useDebug, variablePath } from './debug-store.ts';

export interface VariableSource {
  /** A variable's place in the tree, from its scope down: what its open state is kept by. */
  path(names: readonly string[]): string;
  /** A hook: whether the variable at `path` is open (`initially` until the user says). */
  useOpen(path: string, initially: boolean): boolean;
  setOpen(path: string, open: boolean): void;
  /** A hook: the children of a reference as read so far; undefined until they are. */
  useChildren(reference: number): VariableInfo[] | undefined;
  read(reference: number): void;
  /** Sets a variable to an expression's value; absent where the values cannot change (the past). */
  set?: (parent: number, name: string, value: string) => Promise<boolean>;
}

export const VariableSourceContext = createContext<VariableSource | undefined>(undefined);

/** A live agent's values, where it is stopped. */
export function liveVariables(agent: string): VariableSource {
  return {
    path: (names) => variablePath(agent, names),
    useOpen: (path, initially) => useDebug((s) => s.expansion[path] ?? initially),
    setOpen: setExpanded,
    useChildren: (reference) => useDebug((s) => (reference > 0 ? s.children[`${agent}/${reference}`] : undefined)),
    read: (reference) => void expandVariable(agent, reference),
    set: (parent, name, value) => setVariable(agent, parent, name, value),
  };
}
