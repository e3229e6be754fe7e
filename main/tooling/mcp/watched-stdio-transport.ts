import type { ChildProcess } from 'node:child_process';

import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport, type StdioServerParameters } from '@modelcontextprotocol/client/stdio';

/**
 * How long a process may go on after printing something that is not an MCP message before it is
 * judged not to be an MCP server. The MCP specification forbids a stdio server anything but MCP
 * messages on stdout; some print a banner there anyway and then answer, so one such line is
 * forgiven if an answer follows at once.
 */
const GRACE_MS = 1000;
/** How much of what it printed is quoted. */
const QUOTED_CHARS = 160;
/** How long, after the process exits, its last output may take to be read. */
const DRAIN_MS = 250;

/**
 * The SDK's stdio transport, watched until the server first answers, so that a command that is
 * not an MCP server is told apart in seconds rather than at the request timeout: one that exits
 * (its exit code), one that prints something that is not an MCP message and answers nothing
 * (what it printed), and one that sends back the request it was sent (`cat`). On that evidence the
 * connection closes at once, failing the requests waiting on it, and `failure()` says why.
 *
 * It is not the SDK's class itself, so the SDK negotiates the protocol revision on this process
 * (in place) rather than on a second one; `exitedUnanswered()` tells a 2025-era server that exits
 * on the negotiation's first request, which is then started afresh (mcp-connection.ts).
 */
export class WatchedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #inner: StdioClientTransport;
  #child: ChildProcess | undefined;
  /** The server sent an MCP message that answered something: the watch is over. */
  #answered = false;
  /** Requests sent before the first answer, by id: an echo of one is no answer. */
  readonly #sentBeforeAnswer = new Map<unknown, string>();
  /** The start of what the process printed before answering. */
  #printed = '';
  #grace: NodeJS.Timeout | undefined;
  #verdict: string | undefined;
  #exit: string | undefined;
  #closedByUs = false;
  #closeReported = false;

  constructor(params: StdioServerParameters) {
    this.#inner = new StdioClientTransport(params);
  }

  get stderr() {
    return this.#inner.stderr;
  }

  get pid() {
    return this.#inner.pid;
  }

  async start(): Promise<void> {
    this.#inner.onmessage = (message) => this.#received(message);
    this.#inner.onerror = (error) => this.onerror?.(error);
    this.#inner.onclose = () => this.#reportClose();
    await this.#inner.start();
    // The SDK keeps its child process to itself; the watch needs its raw output and exit code.
    const child = (this.#inner as unknown as { _process?: ChildProcess })._process;
    this.#child = child;
    const watchOutput = (chunk: Buffer) => {
      if (this.#answered) child?.stdout?.off('data', watchOutput);
      else this.#output(chunk);
    };
    child?.stdout?.on('data', watchOutput);
    child?.once('exit', (code, signal) => this.#exited(child, code, signal));
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.#answered && 'method' in message && 'id' in message)
      this.#sentBeforeAnswer.set(message.id, message.method);
    return this.#inner.send(message);
  }

  async close(): Promise<void> {
    this.#closedByUs = true;
    clearTimeout(this.#grace);
    await this.#inner.close();
  }

  /** Why the process is no MCP server or is gone, in words, when it showed it; else undefined. */
  failure(): string | undefined {
    return this.#verdict ?? this.#exit;
  }

  /** The process ended by itself before it answered anything, and printed nothing that was not MCP. */
  exitedUnanswered(): boolean {
    return this.#exit !== undefined && !this.#answered && this.#verdict === undefined;
  }

  #received(message: JSONRPCMessage): void {
    if (!this.#answered) {
      const echoed =
        'method' in message && 'id' in message && this.#sentBeforeAnswer.get(message.id) === message.method;
      if (echoed) {
        this.#conclude(`not an MCP server: it sent back the request it was sent: ${quoted(JSON.stringify(message))}`);
        return;
      }
      this.#answered = true;
      this.#sentBeforeAnswer.clear();
      clearTimeout(this.#grace);
    }
    this.onmessage?.(message);
  }

  /** Output before the first answer: the grace starts; an answer within it ends the watch. */
  #output(chunk: Buffer): void {
    if (this.#printed.length < QUOTED_CHARS) this.#printed += chunk.toString('utf8');
    this.#grace ??= setTimeout(() => {
      if (!this.#answered) this.#conclude(`not an MCP server: it printed ${quoted(this.#printed)}`);
    }, GRACE_MS);
  }

  #exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    clearTimeout(this.#grace);
    if (this.#closedByUs || this.#verdict !== undefined) return;
    const how = code !== null ? `exited with code ${code}` : `exited on signal ${signal}`;
    this.#exit = this.#answered ? how : `it ${how} before answering`;
    // Its last output (an answer, its standard error) is read first; a process it left behind
    // holding the pipes open must not delay the news.
    const ends = [child.stdout, child.stderr].map(
      (stream) =>
        new Promise<void>((resolve) => (stream && !stream.readableEnded ? stream.once('close', resolve) : resolve())),
    );
    void Promise.race([Promise.all(ends), new Promise((resolve) => setTimeout(resolve, DRAIN_MS))]).then(() =>
      setImmediate(() => this.#reportClose()),
    );
  }

  /** The evidence is in: the waiting requests fail now, and the process is ended behind them. */
  #conclude(verdict: string): void {
    this.#verdict = verdict;
    clearTimeout(this.#grace);
    this.#reportClose();
    this.#closedByUs = true;
    this.#child?.kill('SIGTERM');
    // A process it started may hold the pipes: ours are let go of, not waited on.
    for (const stream of [this.#child?.stdin, this.#child?.stdout, this.#child?.stderr]) stream?.destroy();
    void this.#inner.close().catch(() => undefined);
  }

  #reportClose(): void {
    if (this.#closeReported) return;
    this.#closeReported = true;
    this.onclose?.();
  }
}

/** The start of some output, on one line, in backquotes, control characters escaped (`\n`, `\x1b`). */
function quoted(text: string): string {
  const chars = [...text.replace(/\r?\n$/, '')];
  const visible = chars.slice(0, QUOTED_CHARS).map((char) => {
    const code = char.codePointAt(0)!;
    if (char === '\n') return '\\n';
    return code < 0x20 || code === 0x7f ? `\\x${code.toString(16).padStart(2, '0')}` : char;
  });
  return `\`${visible.join('')}${chars.length > QUOTED_CHARS ? '…' : ''}\``;
}
