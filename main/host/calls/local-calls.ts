import { HostCallError } from '../../host-api/host-call-error.ts';
import { formatTicks } from '../strftime.ts';

// Host functions that need no shared state. Agent processes answer them without a round trip
// to the host; the host answers them too when a breakpoint routes them there.

const asNumber = (value: unknown): number => Number(value);

export const LOCAL_CALLS = {
  'host.whoami': (agent: string) => agent,
  'host.time-now': () => Date.now(),
  'host.time-format': (_agent: string, args: readonly unknown[]) => formatTicks(asNumber(args[0]), String(args[1])),
  'host.new-uuid': () => crypto.randomUUID(),
  'host.base64-encode': (_agent: string, args: readonly unknown[]) =>
    Buffer.from(args[0] as Uint8Array).toString('base64'),
  'host.base64-decode': (_agent: string, args: readonly unknown[]) => {
    const text = String(args[0]);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
      throw new HostCallError('invalid base64: expected the standard padded alphabet');
    }
    return new Uint8Array(Buffer.from(text, 'base64'));
  },
} as const;

export type LocalOp = keyof typeof LOCAL_CALLS;

export const isLocalOp = (op: string): op is LocalOp => op in LOCAL_CALLS;
