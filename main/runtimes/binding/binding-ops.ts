// How each host op looks to a brain of one binding: its name in the binding's spelling, how many
// arguments it takes, and the conversions of its arguments and answer, derived from the WIT
// signatures in HOST_OPS, so that a new op or record needs no code in any binding.

import { HOST_OPS, type HostOp } from '../../host-api/host-ops.generated.ts';
import { answerType } from '../../host-api/wit-type.ts';
import type { GuestRepresentation } from './guest-representation.ts';
import { inputConversions } from './input-conversion.ts';
import { outputConversions, type OutputConversion } from './output-conversion.ts';

export interface BindingOp<V> {
  op: HostOp;
  /** The name the brain calls it by: `chat_stream` or `chatStream` for `provider.chat-stream`. */
  name: string;
  /** Arguments the brain must pass (a handle's receiver not counted); trailing omittable ones may be left off. */
  minArity: number;
  maxArity: number;
  /** The host call's canonical arguments (without a receiver) from the brain's; left-off ones are absent. */
  argumentsFromGuest(values: readonly V[]): unknown[];
  answerForGuest: OutputConversion<V>;
}

type Signature = (typeof HOST_OPS)[HostOp];
interface Param {
  readonly name: string;
  readonly type: string;
  readonly json?: boolean;
}

const ALL_OPS = Object.keys(HOST_OPS) as HostOp[];
const functionName = (op: HostOp): string => op.slice(op.indexOf('.') + 1);

export type HandleKind = 'provider' | 'tooling';

export interface BindingOps<V> {
  /** Everything under the binding's `omw.host`. */
  hostFunctions: readonly BindingOp<V>[];
  /** The methods of a provider or tooling handle; `name` is a property of the handle instead. */
  handleMethods(kind: HandleKind): readonly BindingOp<V>[];
  /** The shared conversions, for the binding's own helpers (`memory_get_as`, handle lookups). */
  argument: ReturnType<typeof inputConversions<V>>['argument'];
}

export function bindingOps<V>(rep: GuestRepresentation<V>): BindingOps<V> {
  const input = inputConversions(rep);
  const output = outputConversions(rep);

  const bindingOp = (op: HostOp): BindingOp<V> => {
    const signature: Signature = HOST_OPS[op];
    const params = (signature.params as readonly Param[]).map((param) => ({
      name: param.name,
      convert: input.argument(param.type, param.json === true),
      omittable: input.omittable(param.type),
    }));
    const minArity = params.findLastIndex((param) => !param.omittable) + 1;
    return {
      op,
      name: rep.name(functionName(op)),
      minArity,
      maxArity: params.length,
      argumentsFromGuest: (values) => params.map((param, i) => param.convert(values[i] as V, param.name)),
      answerForGuest: output(answerType('result' in signature ? signature.result : undefined)),
    };
  };

  const hostFunctions = ALL_OPS.filter((op) => op.startsWith('host.')).map(bindingOp);
  const methods = new Map<HandleKind, BindingOp<V>[]>();
  return {
    hostFunctions,
    handleMethods(kind) {
      let found = methods.get(kind);
      if (found === undefined) {
        const receiverOf = (op: HostOp): string | undefined => {
          const signature: Signature = HOST_OPS[op];
          return 'receiver' in signature ? signature.receiver : undefined;
        };
        found = ALL_OPS.filter((op) => receiverOf(op) === kind && op !== `${kind}.name`).map(bindingOp);
        methods.set(kind, found);
      }
      return found;
    },
    argument: input.argument,
  };
}
