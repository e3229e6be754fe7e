// A full garbage collection on demand, which tells the heap's live values from its garbage. V8
// gives `gc` only to contexts made while its expose-gc flag is on: the flag is turned on for one
// new context, whose `gc` is kept, and off again at once, so that no later context (a Python
// realm's, say) is given it.

import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | undefined;

function exposedCollector(): () => void {
  const own = (globalThis as { gc?: () => void }).gc;
  if (typeof own === 'function') return own;
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

export function collectGarbage(): void {
  collect ??= exposedCollector();
  collect();
}
