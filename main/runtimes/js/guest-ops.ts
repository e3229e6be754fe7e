// How each host op looks to a JavaScript brain: its camelCase name and the conversions of its
// arguments and result, derived from the WIT signatures in HOST_OPS so a new op needs no code
// here unless it brings a new WIT type.

import type { HostOp } from '../../host-api/host-ops.generated.ts';
import { conversionFor, handleMethods, HOST_FUNCTIONS, okTypeOf, signatureOf } from '../host-op-signatures.ts';
import type { EventEnvelope } from '../../host-api/wit-types.ts';
import {
  bytesFromGuest,
  chatDeltaFromGuest,
  chatMessagesFromGuest,
  chatParamsFromGuest,
  requireString,
  requireU64,
  toolsFromGuest,
} from './guest-input.ts';
import {
  chatResultForGuest,
  eventForGuest,
  resourceContentForGuest,
  resourceInfoForGuest,
  toolForGuest,
  toolResultForGuest,
} from './guest-output.ts';
import { serializeOpaqueJson } from './opaque-json.ts';

type ArgumentConversion = (value: unknown, arg: string) => unknown;
// The host hands back wit-types.ts shapes; the cast to each converter's input type trusts that contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ResultConversion = (value: any) => unknown;

const ARGUMENTS_BY_TYPE: Record<string, ArgumentConversion> = {
  string: requireString,
  u64: requireU64,
  'list<chat-message>': chatMessagesFromGuest,
  'list<tool>': toolsFromGuest,
  'chat-delta': chatDeltaFromGuest,
  'list<u8>': bytesFromGuest,
};

/** Parameters the WIT documents as JSON text, which a brain may pass as plain values. */
const JSON_TEXT_ARGUMENTS: Record<string, ArgumentConversion> = {
  'arguments: string': serializeOpaqueJson,
  'params: option<string>': chatParamsFromGuest,
};

const same = (value: unknown): unknown => value;
const each =
  (convert: ResultConversion): ResultConversion =>
  (values: unknown[]) =>
    values.map(convert);

/** Keyed by the `ok` type of the op's result (`_` when there is none). */
const RESULTS_BY_TYPE: Record<string, ResultConversion> = {
  _: () => undefined,
  string: same,
  bool: same,
  'option<string>': same,
  'list<string>': same,
  u64: Number,
  'list<u8>': (bytes: Uint8Array) => Array.from(bytes),
  'chat-result': chatResultForGuest,
  'list<tool>': each(toolForGuest),
  'tool-result': toolResultForGuest,
  'list<resource-info>': each(resourceInfoForGuest),
  'resource-content': resourceContentForGuest,
  'event-envelope': eventForGuest,
  'option<event-envelope>': (envelope: EventEnvelope | undefined) => envelope && eventForGuest(envelope),
};

export interface GuestOp {
  op: HostOp;
  /** The name the brain calls it by, e.g. `chatStream` for `provider.chat-stream`. */
  name: string;
  /** How many arguments the brain passes (a handle's receiver not counted). */
  arity: number;
  /** The host call's arguments (without a receiver) from the brain's. */
  argumentsFromGuest(values: readonly unknown[]): unknown[];
  resultForGuest: ResultConversion;
}

/** `provider.chat-stream` -> `chatStream`. */
export const guestNameOf = (op: HostOp): string =>
  op.slice(op.indexOf('.') + 1).replace(/-([a-z0-9])/g, (_, next: string) => next.toUpperCase());

export function guestOp(op: HostOp): GuestOp {
  const signature = signatureOf(op);
  const params = signature.params.map((param) => ({
    name: param.name,
    convert:
      JSON_TEXT_ARGUMENTS[`${param.name}: ${param.type}`] ?? conversionFor('js', ARGUMENTS_BY_TYPE, param.type, op),
  }));
  return {
    op,
    name: guestNameOf(op),
    arity: params.length,
    argumentsFromGuest: (values) => params.map((param, i) => param.convert(values[i], param.name)),
    resultForGuest: conversionFor('js', RESULTS_BY_TYPE, okTypeOf(signature.result), op),
  };
}

/** Everything under `omw.host`. */
export const HOST_FUNCTION_OPS: readonly GuestOp[] = HOST_FUNCTIONS.map(guestOp);

/** The methods of a provider or tooling handle; `name` is a property of the handle instead. */
export function handleMethodOps(receiver: 'provider' | 'tooling'): GuestOp[] {
  return handleMethods(receiver).map(guestOp);
}
