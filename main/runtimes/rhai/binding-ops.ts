// How each host op looks to a Rhai brain: its snake_case name, how many arguments it takes and
// the conversions of its arguments and result, derived from the WIT signatures in HOST_OPS so a
// new op needs no code here unless it brings a new WIT type.

import type { HostOp } from '../../host-api/host-ops.generated.ts';
import { conversionFor, handleMethods, HOST_FUNCTIONS, okTypeOf, signatureOf } from '../host-op-signatures.ts';
import type { EventEnvelope } from '../../host-api/wit-types.ts';
import { Blob, type Value } from '../../rhai/language/types/values.ts';
import { opaqueJsonFromRhai } from './opaque-json.ts';
import {
  bytesFromRhai,
  chatDeltaFromRhai,
  chatMessagesFromRhai,
  chatParamsFromRhai,
  requireString,
  requireU64,
  toolsFromRhai,
} from './rhai-input.ts';
import {
  chatResultForRhai,
  eventForRhai,
  resourceContentForRhai,
  resourceInfoForRhai,
  toolForRhai,
  toolResultForRhai,
} from './rhai-output.ts';

interface ArgumentConversion {
  convert: (value: Value, arg: string) => unknown;
  /** May be left off the end of the call. */
  optional?: boolean;
}

// The host hands back wit-types.ts shapes; the cast to each converter's input type trusts that contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ResultConversion = (value: any) => Value;

const ARGUMENTS_BY_TYPE: Record<string, ArgumentConversion> = {
  string: { convert: requireString },
  u64: { convert: requireU64 },
  'list<chat-message>': { convert: chatMessagesFromRhai },
  'list<tool>': { convert: toolsFromRhai, optional: true },
  'chat-delta': { convert: chatDeltaFromRhai },
  'list<u8>': { convert: bytesFromRhai },
};

/** Parameters the WIT documents as JSON text, which a brain may pass as Rhai values. */
const JSON_TEXT_ARGUMENTS: Record<string, ArgumentConversion> = {
  'arguments: string': { convert: opaqueJsonFromRhai },
  'params: option<string>': { convert: chatParamsFromRhai, optional: true },
};

const same = (value: Value): Value => value;
const each =
  (convert: ResultConversion): ResultConversion =>
  (values: unknown[]) =>
    values.map(convert);

/** Keyed by the `ok` type of the op's result (`_` when there is none). */
const RESULTS_BY_TYPE: Record<string, ResultConversion> = {
  _: () => undefined,
  string: same,
  bool: same,
  u64: same,
  'option<string>': same,
  'list<string>': (names: string[]) => [...names],
  'list<u8>': (bytes: Uint8Array) => new Blob(Array.from(bytes)),
  'chat-result': chatResultForRhai,
  'list<tool>': each(toolForRhai),
  'tool-result': toolResultForRhai,
  'list<resource-info>': each(resourceInfoForRhai),
  'resource-content': resourceContentForRhai,
  'event-envelope': eventForRhai,
  'option<event-envelope>': (envelope: EventEnvelope | undefined) => envelope && eventForRhai(envelope),
};

export interface RhaiOp {
  op: HostOp;
  /** The name the brain calls it by, e.g. `chat_stream` for `provider.chat-stream`. */
  name: string;
  /** The arities the brain may call it with (a handle's receiver not counted). */
  arities: number[];
  /** The host call's arguments (without a receiver) from the brain's; left-off ones are unit. */
  argumentsFromRhai(values: readonly Value[]): unknown[];
  resultForRhai: ResultConversion;
}

/** `provider.chat-stream` -> `chat_stream`. */
export const rhaiNameOf = (op: HostOp): string => op.slice(op.indexOf('.') + 1).replaceAll('-', '_');

export function rhaiOp(op: HostOp): RhaiOp {
  const signature = signatureOf(op);
  const params = signature.params.map((param) => ({
    name: param.name,
    ...(JSON_TEXT_ARGUMENTS[`${param.name}: ${param.type}`] ??
      conversionFor('rhai', ARGUMENTS_BY_TYPE, param.type, op)),
  }));
  const required = params.findLastIndex((param) => param.optional !== true) + 1;
  return {
    op,
    name: rhaiNameOf(op),
    arities: Array.from({ length: params.length - required + 1 }, (_, i) => required + i),
    argumentsFromRhai: (values) => params.map((param, i) => param.convert(values[i], param.name)),
    resultForRhai: conversionFor('rhai', RESULTS_BY_TYPE, okTypeOf(signature.result), op),
  };
}

/** Everything under `omw::host`. */
export const HOST_FUNCTION_OPS: readonly RhaiOp[] = HOST_FUNCTIONS.map(rhaiOp);

/** The methods of a provider or tooling handle; `name` is a property of the handle instead. */
export function handleMethodOps(receiver: 'provider' | 'tooling'): RhaiOp[] {
  return handleMethods(receiver).map(rhaiOp);
}
