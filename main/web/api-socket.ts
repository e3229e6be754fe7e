// One API socket of web mode: requests in; their answers and the host's events out. A request
// with a usable id always gets an answer, an error one when anything about it is wrong (or when
// the socket already has as many calls waiting as it may). A message with no id to answer closes
// this socket, with a close code and a reason that says why; so does a WebSocket protocol error
// (ws picks the code: 1002, 1007 or 1009). Other sockets go on. Calls wait their turn in the
// server's CallScheduler; what is sent waits on the socket's reader (SocketOutbox).

import type { RawData, WebSocket } from 'ws';
import type { ApiRequest } from '../../contract/messages.ts';
import { dispatchRequest } from '../workbench/api-dispatch.ts';
import type { Workbench } from '../workbench/workbench.ts';
import type { CallScheduler } from './call-scheduler.ts';
import { SocketOutbox, type OutboxLimits } from './socket-outbox.ts';

/** RFC 6455 close codes. */
const UNSUPPORTED_DATA = 1003;
const INVALID_PAYLOAD = 1007;
const POLICY_VIOLATION = 1008;

type Envelope = { [K in keyof ApiRequest]?: unknown };

/** The request a message carries, or the close code and reason it earns. */
function readMessage(
  data: RawData,
  isBinary: boolean,
): { request: Envelope & { id: number }; bytes: number } | { close: [number, string] } {
  if (isBinary) return { close: [UNSUPPORTED_DATA, 'requests are JSON text, not binary'] };
  const text = data.toString();
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { close: [INVALID_PAYLOAD, 'a request must be JSON'] };
  }
  const id = typeof message === 'object' && message !== null ? (message as Envelope).id : undefined;
  if (!Number.isInteger(id))
    return { close: [POLICY_VIOLATION, 'a request is an object {id, method, params} with an integer id'] };
  return { request: { ...(message as Envelope), id: id as number }, bytes: Buffer.byteLength(text) };
}

export interface ApiSocket {
  outbox: SocketOutbox;
}

export function serveApiSocket(
  ws: WebSocket,
  workbench: Workbench,
  scheduler: CallScheduler,
  limits: OutboxLimits,
): ApiSocket {
  const outbox = new SocketOutbox(ws, () => scheduler.wake(), limits);
  const calls = scheduler.open(() => outbox.reading);
  // ws has already answered a protocol error by closing the socket with its code; nothing is left to do.
  ws.on('error', () => undefined);
  const unsubscribe = workbench.subscribe((event) => outbox.event(event));
  ws.on('close', () => {
    unsubscribe();
    scheduler.close(calls);
    outbox.close();
  });
  ws.on('message', (data, isBinary) => {
    const read = readMessage(data, isBinary);
    if ('close' in read) {
      ws.close(...read.close);
      return;
    }
    const { id, method, params } = read.request;
    const call = async () => {
      const response = await dispatchRequest(workbench, id, method, params);
      const started = performance.now();
      outbox.respond(response);
      scheduler.charge(calls, performance.now() - started);
    };
    const refused = scheduler.submit(calls, call, read.bytes);
    if (refused) outbox.respond({ id, ok: false, error: refused });
  });
  return { outbox };
}
