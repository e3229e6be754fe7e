import { SdkHttpError, type Client } from '@modelcontextprotocol/client';

import type { McpToolingParams } from './mcp-tooling-params.ts';
import { HostCallError } from '../../host-api/host-call-error.ts';
import { BackendStatusTracker, type BackendStatus } from '../../backends/backend-status.ts';
import type { McpTransport } from './mcp-transport.ts';
import { isRevisionMismatch, revisionMismatchMessage } from './mcp-revisions.ts';
import { connectMcpSession } from './mcp-session.ts';

export interface McpConnectionOptions {
  /** The tooling's configured name, for messages. */
  name: string;
  params: McpToolingParams;
  cwd: string | undefined;
  /** omw's `tooling_connect_backoff_*` tunables: the first retry delay, doubling up to the cap. */
  backoff: { startMs: number; capMs: number };
  /** Installs notification handlers on each new client. */
  configure(client: Client): void;
  /** Runs after every connect; a reconnect re-subscribes what was subscribed. */
  onConnected(client: Client): Promise<void>;
}

interface Live {
  client: Client;
  transport: McpTransport;
}

/**
 * One MCP server's connection: connects at start, notices when the server goes away, reconnects
 * with the tooling backoff, and reports it all as the tooling's status. Requests in flight when
 * the server goes fail with the reason; requests while it is down fail at once rather than hang.
 */
export class McpConnection {
  private readonly tracker = new BackendStatusTracker('starting');
  private live: Live | undefined;
  private connecting: Promise<Client> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs: number;
  private lostReason: string | undefined;
  private closed = false;

  constructor(private readonly options: McpConnectionOptions) {
    this.retryDelayMs = options.backoff.startMs;
  }

  start(): void {
    this.connect().catch(() => {
      // Reported through the status; the retry is already scheduled.
    });
  }

  status(inFlight: number): BackendStatus {
    const revision = this.live?.client.getNegotiatedProtocolVersion();
    return {
      ...this.tracker.snapshot(inFlight, this.live?.transport.pid()),
      ...(revision !== undefined ? { protocolRevision: revision } : {}),
    };
  }

  /** Whether `client` is the live session's (not one a reconnect replaced). */
  isCurrent(client: Client): boolean {
    return this.live?.client === client;
  }

  /** Runs one request on the connected client; a failure caused by the server going away says so. */
  async request<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = await this.client();
    try {
      const value = await work(client);
      // An HTTP server that answers again is back (see `unreachable`).
      if (this.live?.client === client && this.tracker.current === 'failed') this.tracker.set('ready');
      return value;
    } catch (error) {
      if (this.live?.client !== client && this.lostReason !== undefined) throw new HostCallError(this.lostReason);
      // The server forgot the session (it restarted): the request never ran, so it is safe to send
      // again on a new session, as the MCP specification asks of clients.
      if (this.options.params.transport === 'http' && isUnknownSession(error)) return work(await this.renew(client));
      throw error;
    }
  }

  /** A new session in place of `stale`; requests that failed together share one reconnect. */
  private async renew(stale: Client): Promise<Client> {
    if (this.live?.client === stale) {
      this.live = undefined;
      this.tracker.countRestart();
      await stale.close().catch(() => undefined);
    }
    return this.live?.client ?? this.connect();
  }

  /** Drops the connection (ending a stdio server) and connects again at once. */
  async restart(): Promise<void> {
    clearTimeout(this.retryTimer);
    const old = this.live;
    this.live = undefined;
    this.lostReason = `MCP server "${this.options.name}" was restarted`;
    this.tracker.countRestart();
    await old?.client.close();
    this.retryDelayMs = this.options.backoff.startMs;
    await this.connect().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const old = this.live;
    this.live = undefined;
    this.lostReason = `tooling "${this.options.name}" is closed`;
    // An attempt in progress sees `closed` and closes its own client.
    await this.connecting?.catch(() => undefined);
    await old?.client.close();
    this.tracker.set('stopped');
  }

  private async client(): Promise<Client> {
    if (this.live) return this.live.client;
    if (this.connecting) return this.connecting;
    if (this.closed) throw new HostCallError(`tooling "${this.options.name}" is closed`);
    throw new HostCallError(`${this.lostReason ?? `MCP server "${this.options.name}" is not connected`}; reconnecting`);
  }

  private connect(): Promise<Client> {
    this.connecting ??= this.attempt().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async attempt(): Promise<Client> {
    const { name, params, cwd, configure } = this.options;
    this.tracker.set('starting');
    let { session, error } = await connectMcpSession(params, cwd, configure);
    // A 2025-era server that exits on the revision probe (`server/discover`), as servers on SDKs
    // that end at any request before `initialize` do, is started again for the 2025 handshake.
    if (error !== undefined && session.transport.exitedUnanswered()) {
      await session.client.close().catch(() => undefined);
      ({ session, error } = await connectMcpSession(params, cwd, configure, { kind: 'legacy' }));
    }
    const { client, transport } = session;
    try {
      if (error !== undefined) throw error;
      await this.options.onConnected(client);
    } catch (failure) {
      await client.close().catch(() => undefined);
      const why = isRevisionMismatch(failure)
        ? revisionMismatchMessage(name, failure as Error)
        : `MCP server "${name}" failed to start: ${transport.failure() ?? (failure as Error).message}`;
      const reason = `${why}${session.standardError()}`;
      this.lost(reason);
      throw new HostCallError(reason);
    }
    if (this.closed) {
      await client.close();
      throw new HostCallError(`tooling "${name}" is closed`);
    }
    client.onclose = () => {
      if (this.live?.client !== client) return;
      this.live = undefined;
      const gone = transport.failure() ?? (params.transport === 'stdio' ? 'exited' : 'closed the connection');
      this.lost(`MCP server "${name}" ${gone}${session.standardError()}`);
    };
    // An HTTP session has no connection to lose: a server that is down shows in failed requests.
    if (params.transport === 'http') client.onerror = (error) => this.unreachable(client, error);
    this.live = { client, transport };
    this.lostReason = undefined;
    this.retryDelayMs = this.options.backoff.startMs;
    this.tracker.set('ready');
    return client;
  }

  private unreachable(client: Client, error: Error): void {
    if (this.live?.client !== client) return;
    this.tracker.set('failed', `MCP server "${this.options.name}" is unreachable: ${error.message}`);
  }

  /** Records why the server is gone and schedules the next attempt. */
  private lost(reason: string): void {
    this.lostReason = reason;
    if (this.closed) return;
    const delay = this.retryDelayMs;
    this.retryDelayMs = Math.min(delay * 2, this.options.backoff.capMs);
    this.tracker.set('failed', `${reason}; reconnecting in ${delay} ms`);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.tracker.countRestart();
      this.start();
    }, delay);
    this.retryTimer.unref();
  }
}

/**
 * A request refused because its session is unknown: 404 is what the specification prescribes;
 * some servers (the reference "everything" server among them) answer 400 and say so.
 */
function isUnknownSession(error: unknown): boolean {
  if (!(error instanceof SdkHttpError)) return false;
  return error.status === 404 || (error.status === 400 && /session/i.test(error.message));
}
