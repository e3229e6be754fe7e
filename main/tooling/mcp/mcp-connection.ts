import { Client, SdkHttpError } from '@modelcontextprotocol/client';

import type { McpToolingParams } from './mcp-tooling-params.ts';
import { HostCallError } from '../../host-api/host-call-error.ts';
import { BackendStatusTracker, type BackendStatus } from '../../backends/backend-status.ts';
import { openMcpTransport, type McpTransport } from './mcp-transport.ts';
import { isRevisionMismatch, REVISION_NEGOTIATION, revisionMismatchMessage } from './mcp-revisions.ts';

/** How much of a server's stderr is kept to explain a crash. */
const STDERR_TAIL_CHARS = 2000;

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
    const { name, params, cwd } = this.options;
    this.tracker.set('starting');
    const transport = openMcpTransport(params, cwd);
    let stderrTail = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    // Strict capabilities: a server that offers no resources refuses resource calls rather than
    // answering with an empty list the SDK would make up.
    const client = new Client(
      { name: 'brainbench', version: '0.1.0' },
      { ...REVISION_NEGOTIATION, enforceStrictCapabilities: true },
    );
    this.options.configure(client);
    try {
      await client.connect(transport.transport, requestTimeout(params));
      await this.options.onConnected(client);
    } catch (error) {
      await client.close().catch(() => undefined);
      const why = isRevisionMismatch(error)
        ? revisionMismatchMessage(name, error as Error)
        : `MCP server "${name}" failed to start: ${(error as Error).message}`;
      const reason = `${why}${lastWords(stderrTail)}`;
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
      const gone = params.transport === 'stdio' ? 'exited' : 'closed the connection';
      this.lost(`MCP server "${name}" ${gone}${lastWords(stderrTail)}`);
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

export function requestTimeout(params: McpToolingParams): { timeout?: number } {
  return params.request_timeout_ms !== undefined ? { timeout: params.request_timeout_ms } : {};
}

function lastWords(stderr: string): string {
  const trimmed = stderr.trim();
  return trimmed ? `; its last output: ${trimmed.split('\n').slice(-5).join('\n')}` : '';
}
