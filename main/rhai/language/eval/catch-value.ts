// The value a `catch (err)` block receives: the thrown value for `throw`, otherwise an object
// map describing the error, as upstream does.

import type { RhaiError } from '../types/errors.ts';
import type { RMap, Value } from '../types/values.ts';

export function catchValue(e: RhaiError): Value {
  const root = e.root();
  if (root.kind === 'ErrorRuntime') return root.value;
  const m: RMap = new Map();
  m.set('message', root.message);
  m.set('error', root.kind);
  if (root.pos.line > 0) {
    m.set('line', root.pos.line);
    m.set('position', root.pos.col);
  }
  return m;
}
