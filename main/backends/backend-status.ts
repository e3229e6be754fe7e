/** Where a provider or tool server stands, for the workbench's list of back ends. */
/** `held`: not started, because the workspace is not trusted (main/trust). */
export type BackendState = 'idle' | 'starting' | 'ready' | 'failed' | 'stopped' | 'held';

export interface BackendStatus {
  state: BackendState;
  /** Why it failed, or what it is waiting for. */
  detail?: string;
  /** Milliseconds since the Unix epoch of the last state change. */
  since: number;
  /** Restarts so far, by the user or after a crash. */
  restarts: number;
  /** Requests, streams and calls in flight. */
  inFlight: number;
  /** The server process, for a stdio tool server that is running. */
  pid?: number;
  /** The protocol revision a connected tool server negotiated (MCP: `2026-07-28`, `2025-11-25`, ...). */
  protocolRevision?: string;
}

/** One configured back end as the host lists it. */
export interface BackendEntry {
  section: 'providers' | 'tooling';
  name: string;
  kind: string;
  /** Absent for back ends without I/O (the mocks). */
  status?: BackendStatus;
}

/** Holds a back end's state; `since` moves only when the state or its detail changes. */
export class BackendStatusTracker {
  private state: BackendState;
  private detail: string | undefined;
  private since = Date.now();
  private restarts = 0;

  constructor(initial: BackendState) {
    this.state = initial;
  }

  get current(): BackendState {
    return this.state;
  }

  set(state: BackendState, detail?: string): void {
    if (state === this.state && detail === this.detail) return;
    this.state = state;
    this.detail = detail;
    this.since = Date.now();
  }

  countRestart(): void {
    this.restarts++;
  }

  snapshot(inFlight: number, pid?: number): BackendStatus {
    return {
      state: this.state,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
      since: this.since,
      restarts: this.restarts,
      inFlight,
      ...(pid !== undefined ? { pid } : {}),
    };
  }
}
