// A WIT package as the generator reads it: interfaces with their type definitions, resources and
// functions, and worlds. Types are kept as normalized WIT text (`list<chat-message>`,
// `result<string, string>`); main/host-api/wit-type.ts gives them structure where code needs it.

export interface WitField {
  name: string;
  type: string;
  docs?: string;
}

export interface WitCase {
  name: string;
  /** The payload's type; absent for a case without payload. */
  type?: string;
  docs?: string;
}

export type WitTypeDefinition =
  | { kind: 'record'; name: string; fields: WitField[]; docs?: string }
  | { kind: 'variant'; name: string; cases: WitCase[]; docs?: string }
  | { kind: 'enum'; name: string; cases: WitCase[]; docs?: string }
  | { kind: 'resource'; name: string; docs?: string };

export interface WitFunction {
  iface: string;
  /** Set for a resource method; the resource handle is then the call's receiver. */
  resource?: string;
  name: string;
  params: WitField[];
  /** Normalized text of the result type; absent for a function with no result. */
  result?: string;
  docs?: string;
}

export interface WitInterface {
  name: string;
  docs?: string;
  types: WitTypeDefinition[];
  /** Resource methods first, in source order, then the free functions. */
  functions: WitFunction[];
}

export interface WitWorld {
  name: string;
  imports: string[];
  exports: string[];
}

export interface WitPackage {
  name: string;
  interfaces: WitInterface[];
  worlds: WitWorld[];
}
