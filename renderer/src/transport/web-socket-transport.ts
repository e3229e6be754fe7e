// Web mode: the API over one WebSocket to the server that served this page. Requests made while
// the socket is down wait for it; after a reconnect the listeners are told so they can resync,
// and so are the resync listeners when the server held events back while the page was busy.

import type { ServerMessage } from '../../../contract/messages.ts';
import type { ApiMethod, ApiParams, ApiResult } from '../../../contract/workbench-api.ts';
import type { WorkbenchEvent } from '../../../contract/workbench-event.ts';
import type { WorkbenchTransport } from '../../../contract/workbench-transport.ts';
import type { ConnectionListener, ConnectedTransport } from './connected-transport.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export function webSocketTransport(url: string): WorkbenchTransport & ConnectedTransport {
  const listeners = new Set<(event: WorkbenchEvent) => void>();
  const connectionListeners = new Set<ConnectionListener>();
  const resyncListeners = new Set<(missed: number) => void>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket;
  let retryMs = 250;

  const connect = () => {
    socket = new WebSocket(url);
    socket.onopen = () => {
      retryMs = 250;
      for (const message of queue.splice(0)) socket.send(message);
      connectionListeners.forEach((listener) => listener(true));
    };
    socket.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as ServerMessage;
      if (data.kind === 'event') {
        listeners.forEach((listener) => listener(data.event));
        return;
      }
      if (data.kind === 'resync') {
        resyncListeners.forEach((listener) => listener(data.missed));
        return;
      }
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (!waiting) return;
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(new Error(data.error));
    };
    socket.onclose = () => {
      for (const waiting of pending.values()) waiting.reject(new Error('lost the connection to Brainbench'));
      pending.clear();
      connectionListeners.forEach((listener) => listener(false));
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();

  return {
    request<M extends ApiMethod>(method: M, ...params: ApiParams<M>): Promise<ApiResult<M>> {
      const id = nextId++;
      const message = JSON.stringify({ id, method, params });
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        if (socket.readyState === WebSocket.OPEN) socket.send(message);
        else queue.push(message);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
  };
}
