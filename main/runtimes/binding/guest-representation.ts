// What a binding supplies to the shared conversions: how its brains' values are read and built,
// and how it spells WIT names. Everything else about converting a host call's arguments and
// results is the WIT type's, written once in input-conversion.ts and output-conversion.ts.

/** What an argument or field should have been, for the binding's own error message. */
export type GuestExpectation =
  | { kind: 'string' }
  | { kind: 'record' }
  | { kind: 'list' }
  | { kind: 'bytes' }
  | { kind: 'case'; cases: readonly string[] };

export interface GuestRepresentation<V> {
  /** The binding's spelling of a kebab-case WIT name: `finish_reason` or `finishReason`. */
  name(kebab: string): string;

  /** True for what the brain passes as nothing: a left-off argument, unit, `null`. */
  isAbsent(value: V): boolean;
  readString(value: V): string | undefined;
  /** A WIT `u64`; a value the binding cannot use is its own error, naming `path`. */
  readU64(value: V, path: string): number;
  readList(value: V): readonly V[] | undefined;
  /** A record's field lookup by kebab-case name, or undefined when `value` is not a record. */
  readRecord(value: V): ((field: string) => V) | undefined;
  readBytes(value: V): Uint8Array | undefined;
  /** JSON text of any value, for fields and arguments the WIT marks as JSON text. */
  toJsonText(value: V): string;
  /** The error for a value that is not what its WIT type wants; the brain may catch it. */
  mismatch(path: string, expected: GuestExpectation, value: V): Error;

  /** A record of the given entries in the binding's spelling; an undefined value is an absent option. */
  record(entries: readonly (readonly [string, V | undefined])[]): V;
  /** An inbox entry as omw's bindings hand it over: `{id, kind, payload}`. */
  envelope(id: string, kind: string, payload: V | undefined): V;
  /** JSON text parsed into the binding's values; text that is not JSON stays a string. */
  fromJsonText(text: string): V;
  bytes(bytes: Uint8Array): V;
  list(items: V[]): V;
}
