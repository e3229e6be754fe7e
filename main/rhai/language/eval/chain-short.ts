// `a?.b.c`: as upstream, a `?.` or `?[` meeting `()` ends the whole chain with `()`, not only its
// own link. The parser marks such links inside a chain (`shortsChain`) and the chain's last link
// (`endsShortChain`); a marked link throws CHAIN_SHORT, which the last link turns into `()`.

import type { Compiled } from '../func/functions.ts';

export const CHAIN_SHORT: unique symbol = Symbol('chain short');

/** What a safe link returns on `()`: `()` at the end of a chain, an escape inside one. */
export function safeMiss(node: { shortsChain?: boolean }): () => undefined {
  return node.shortsChain ? shortChain : unit;
}

function shortChain(): never {
  throw CHAIN_SHORT;
}

function unit(): undefined {
  return undefined;
}

export function catchChainShort(chain: Compiled): Compiled {
  return (f) => {
    try {
      return chain(f);
    } catch (e) {
      if (e === CHAIN_SHORT) return undefined;
      throw e;
    }
  };
}
