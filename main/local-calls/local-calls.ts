// Host functions that need no shared state. Agent processes answer them without a round trip
// to the host; the host answers them too when a breakpoint routes them there. Both import this.

import { HostCallError } from '../host-api/host-call-error.ts';
import type { HostOpAnswer, HostOpArgs } from '../host-api/host-ops.generated.ts';
import type { Json } from '../trace/trace-event.ts';
import { formatTicks } from './strftime.ts';

export const LOCAL_OPS = [
  'host.whoami',
  'host.time-now',
  'host.time-format',
  'host.new-uuid',
  'host.base64-encode',
  'host.base64-decode',
] as const;

export type LocalOp = (typeof LOCAL_OPS)[number];

const LOCAL_CALLS: { readonly [Op in LocalOp]: (agent: string, args: HostOpArgs<Op>) => HostOpAnswer<Op> } = {
  'host.whoami': (agent) => agent,
  'host.time-now': () => Date.now(),
  'host.time-format': (_agent, [ts, format]) => formatTicks(ts, format),
  'host.new-uuid': () => crypto.randomUUID(),
  'host.base64-encode': (_agent, [bytes]) => Buffer.from(bytes).toString('base64'),
  'host.base64-decode': (_agent, [text]) => {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
      throw new HostCallError('invalid base64: expected the standard padded alphabet');
    }
    return new Uint8Array(Buffer.from(text, 'base64'));
  },
};

export const isLocalOp = (op: string): op is LocalOp => (LOCAL_OPS as readonly string[]).includes(op);

/** The local ops omw traces, with the op name and detail of their `call` event (omw-compat 14.5). */
const TRACED: Partial<Record<LocalOp, { name: string; detail: Json }>> = {
  'host.whoami': { name: 'whoami', detail: {} },
};

/** How a local op is traced, whichever side answers it; undefined for the ones omw does not trace. */
export const localCallTrace = (op: LocalOp): { name: string; detail: Json } | undefined => TRACED[op];

/** Answers a local op; `args` are the canonical arguments an engine's binding made for it. */
export function answerLocally(agent: string, op: LocalOp, args: readonly unknown[]): unknown {
  return (LOCAL_CALLS[op] as (agent: string, args: readonly unknown[]) => unknown)(agent, args);
}
