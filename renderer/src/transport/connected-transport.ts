export type ConnectionListener = (connected: boolean) => void;

/**
 * A transport that can lose its link to the host (the WebSocket); Electron IPC never does. The
 * WebSocket can also fall behind: when the page did not read for a while, the host held back
 * `missed` events, and the page fetches its state again, as after a reconnect.
 */
export interface ConnectedTransport {
  onConnection(listener: ConnectionListener): () => void;
  onResync(listener: (missed: number) => void): () => void;
}
