export type ConnectionListener = (connected: boolean) => void;

/** A transport that can lose its link to the host (the WebSocket); Electron IPC never does. */
export interface ConnectedTransport {
  onConnection(listener: ConnectionListener): () => void;
}
