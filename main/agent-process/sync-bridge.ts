import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { HostCallError } from '../host-api/host-call-error.ts';
import type { HostOp } from '../host-api/host-ops.generated.ts';
import type { HostCall } from '../runtimes/engine.ts';
import type { DebugController } from '../runtimes/debug/debug-controller.ts';
import type { DebugLink } from '../runtimes/debug/debug-link.ts';
import type { DebugNotice, DebugRequest, EngineDebugEvent } from '../runtimes/debug/debug-protocol.ts';
import type { OutputWriter } from './output-ring.ts';
import type { ReplayServer } from './replay-server.ts';
import type { BridgeReply, BridgeRequest } from './worker-protocol.ts';

/** Slots of the shared control array. */
/** Bumped whenever something arrives for a waiting engine: a host call's reply or a debug request. */
const WAKE_COUNTER = 0;
export const INTERRUPT_FLAG = 1;
/** Non-zero while `host.log` is a breakpoint target: logs then go to the host as calls. */
export const LOG_FORWARDED = 2;
/** Bumped with each debugger notice, so the engine looks at its notice port only when one came. */
const NOTICE_COUNTER = 3;
/** Non-zero while the engine may serve calls from its replay script; the bridge clears it when the host must see them. */
export const LOCAL_SERVING = 4;
/** Bumped with each call the engine served from its replay script: host calls, for the busy clock. */
export const SERVED_CALLS = 5;
export const CONTROL_SLOTS = 6;

/** The engine's ports: host calls, debugger requests (and its events back), debugger notices. */
export interface EnginePorts {
  bridge: MessagePort;
  debugRequests: MessagePort;
  debugNotices: MessagePort;
}

/**
 * The engine's side of the bridge: a synchronous host call. It posts the request on its own port
 * and sleeps in Atomics.wait until the bridge bumps the wake counter, then takes the reply off
 * the port without going through the event loop (which is blocked by the engine anyway). While
 * it waits, the debugger may ask about the brain (a host-call breakpoint): those requests are
 * answered in place. A log answers nothing, so it goes on the output ring with the prints
 * instead, unless it is a breakpoint target. A replayed call that matches its recording is
 * answered from the replay script without leaving the thread.
 */
export function syncHostCall(
  ports: EnginePorts,
  control: Int32Array,
  output: OutputWriter,
  debug: DebugController,
  replay: ReplayServer,
): HostCall {
  return (op: HostOp, args: readonly unknown[]) => {
    if (op === 'host.log' && Atomics.load(control, LOG_FORWARDED) === 0) {
      output.write({ kind: 'log', level: String(args[0]), message: String(args[1]) });
      return undefined;
    }
    const recorded = replay.serve(op, args);
    if (recorded) {
      if (recorded.ok) return recorded.value;
      // As the bridge words a failure the host sent back (AgentProcess).
      throw new HostCallError(recorded.fault ? `host error: ${recorded.error}` : recorded.error);
    }
    // A re-execution of the past reaches nothing outside: where its recording ends (or the brain
    // does something else), the run ends, uncaught by the brain.
    if (replay.traveling) throw new Error(debug.unserved(op, replay.unservedWhy()));
    replay.forwarding();
    ports.bridge.postMessage({ op, args: [...args] } satisfies BridgeRequest);
    for (;;) {
      const seen = Atomics.load(control, WAKE_COUNTER);
      // A wake is a hint, the ports are the truth.
      const request = receiveMessageOnPort(ports.debugRequests);
      if (request) {
        const answer = debug.serveDuringCall(request.message as DebugRequest);
        ports.debugRequests.postMessage({ t: 'answer', answer } satisfies EngineDebugEvent);
        continue;
      }
      const received = receiveMessageOnPort(ports.bridge);
      if (received) {
        const reply = received.message as BridgeReply;
        if (!reply.ok) throw new HostCallError(reply.error);
        return reply.value;
      }
      Atomics.wait(control, WAKE_COUNTER, seen);
    }
  };
}

/** The engine thread's DebugLink over its two debugger ports. */
export function portDebugLink(ports: EnginePorts, control: Int32Array): DebugLink {
  // From 0, not the counter's value now: notices posted before this thread started (the
  // debugger's settings for a restarted agent) are on the port and must still be read.
  let noticesSeen = 0;
  return {
    send: (event) => ports.debugRequests.postMessage(event),
    nextRequest: () => {
      for (;;) {
        const seen = Atomics.load(control, WAKE_COUNTER);
        // A stopped brain that is being stopped for good goes on, to meet its engine's interrupt check.
        if (Atomics.load(control, INTERRUPT_FLAG) !== 0) return { t: 'resume', how: 'continue' };
        const request = receiveMessageOnPort(ports.debugRequests);
        if (request) return request.message as DebugRequest;
        Atomics.wait(control, WAKE_COUNTER, seen);
      }
    },
    notices: () => {
      const count = Atomics.load(control, NOTICE_COUNTER);
      if (count === noticesSeen) return undefined;
      noticesSeen = count;
      const notices: DebugNotice[] = [];
      for (let m = receiveMessageOnPort(ports.debugNotices); m; m = receiveMessageOnPort(ports.debugNotices)) {
        notices.push(m.message as DebugNotice);
      }
      return notices;
    },
  };
}

/** The bridge's side: posts the reply first, then wakes the engine. */
export function answerHostCall(port: MessagePort, control: Int32Array, reply: BridgeReply): void {
  port.postMessage(reply);
  wakeEngine(control);
}

/** Sends a request to the engine's debugger, waking it wherever it waits. */
export function sendDebugRequest(port: MessagePort, control: Int32Array, request: DebugRequest): void {
  port.postMessage(request);
  wakeEngine(control);
}

/** Leaves a notice for the engine's next look; it is computing, so nothing needs waking. */
export function sendDebugNotice(port: MessagePort, control: Int32Array, notice: DebugNotice): void {
  port.postMessage(notice);
  Atomics.add(control, NOTICE_COUNTER, 1);
}

export function wakeEngine(control: Int32Array): void {
  Atomics.add(control, WAKE_COUNTER, 1);
  Atomics.notify(control, WAKE_COUNTER);
}
