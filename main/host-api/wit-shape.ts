// The structure of the world's named types, as data (wit-shapes.generated.ts), for the code that
// converts values by walking their WIT type: the bindings' input and output conversions, the
// wasm glue and the editor typings. Field and case names are kebab-case, as in the WIT.

import { WIT_SHAPES } from './wit-shapes.generated.ts';

export interface WitFieldShape {
  readonly name: string;
  readonly type: string;
  /** The field carries JSON as text; bindings hand it to the brain parsed. */
  readonly json?: true;
}

export interface WitCaseShape {
  readonly name: string;
  /** The payload's type; absent for a case without payload. */
  readonly type?: string;
}

export type WitShape =
  | { readonly kind: 'record'; readonly fields: readonly WitFieldShape[] }
  | { readonly kind: 'variant'; readonly cases: readonly WitCaseShape[] }
  | { readonly kind: 'enum'; readonly cases: readonly WitCaseShape[] }
  | { readonly kind: 'resource' };

/** The shape of a named type of the world; a name the world does not define is a bug. */
export function shapeOf(name: string): WitShape {
  const shape = (WIT_SHAPES as Readonly<Record<string, WitShape>>)[name];
  if (shape === undefined) throw new Error(`wit/omw.wit defines no type "${name}"`);
  return shape;
}

/** A variant whose cases carry no payload reads as a string, like an enum. */
export const isPayloadless = (shape: WitShape): boolean =>
  shape.kind === 'enum' || (shape.kind === 'variant' && shape.cases.every((c) => c.type === undefined));
