// The agent process's end of its channel to the host.

/** The child's side: the same code runs as a Node fork child or an Electron utility process. */
export interface ParentLink {
  /** `sent` runs once the message has left the process, which paces a flood of output. */
  send(message: unknown, sent?: () => void): void;
  onMessage(listener: (message: unknown) => void): void;
}

interface ElectronParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

export function parentLink(): ParentLink {
  const port = (process as { parentPort?: ElectronParentPort }).parentPort;
  if (port) {
    // Electron's port says nothing about delivery: a message counts as sent once posted.
    return {
      send: (message, sent) => {
        port.postMessage(message);
        sent?.();
      },
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('not started as an agent process (no IPC channel to the host)');
  return {
    send: (message, sent) => send(message, undefined, undefined, () => sent?.()),
    onMessage: (listener) => process.on('message', listener),
  };
}
