import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { HostCallError } from '../host-api/host-call-error.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { HostCall } from '../runtimes/engine.ts';
import type { OutputWriter } from './output-ring.ts';
import type { BridgeReply, BridgeRequest } from './worker-protocol.ts';

/** Slots of the shared control array. */
const REPLY_COUNTER = 0;
export const INTERRUPT_FLAG = 1;
/** Non-zero while `host.log` is a breakpoint target: logs then go to the host as calls. */
export const LOG_FORWARDED = 2;
export const CONTROL_SLOTS = 3;

/**
 * The engine's side of the bridge: a synchronous host call. It posts the request on its own port
 * and sleeps in Atomics.wait until the bridge bumps the reply counter, then takes the reply off
 * the port without going through the event loop (which is blocked by the engine anyway). A log
 * answers nothing, so it goes on the output ring with the prints instead, unless it is a
 * breakpoint target.
 */
export function syncHostCall(port: MessagePort, control: Int32Array, output: OutputWriter): HostCall {
  return (op: HostOp, args: readonly unknown[]) => {
    if (op === 'host.log' && Atomics.load(control, LOG_FORWARDED) === 0) {
      output.write({ kind: 'log', level: String(args[0]), message: String(args[1]) });
      return undefined;
    }
    const seen = Atomics.load(control, REPLY_COUNTER);
    port.postMessage({ op, args: [...args] } satisfies BridgeRequest);
    for (;;) {
      Atomics.wait(control, REPLY_COUNTER, seen);
      // Re-check after every wake: a wake is a hint, the port is the truth.
      const received = receiveMessageOnPort(port);
      if (!received) continue;
      const reply = received.message as BridgeReply;
      if (!reply.ok) throw new HostCallError(reply.error);
      return reply.value;
    }
  };
}

/** The bridge's side: posts the reply first, then wakes the engine. */
export function answerHostCall(port: MessagePort, control: Int32Array, reply: BridgeReply): void {
  port.postMessage(reply);
  Atomics.add(control, REPLY_COUNTER, 1);
  Atomics.notify(control, REPLY_COUNTER);
}
