// One debug session on one connection (a TCP socket, or standard input and output). Frames are
// read strictly (dap-frame-reader.ts); over TCP nothing but `initialize` reaches the session
// before a `launch` or `attach` that carries the token; and however the connection ends (a
// `disconnect`, a close, an error, the half-close of the input, a refused request), the session
// ends with it and its agents' processes are gone.

import type { Readable, Writable } from 'node:stream';
import { Response } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { BrainDebugSession } from './brain-debug-session.ts';
import { DapFrameError, DapFrameReader } from './dap-frame-reader.ts';
import { tokenMatches } from './dap-token.ts';

export interface DapConnectionOptions {
  /** What a TCP client must show; none over standard input/output, whose parent owns the pipes. */
  token?: string;
  /** Who is at the other end, for reports: `127.0.0.1:51234`, `standard input`. */
  peer: string;
  /** One line for the adapter's standard error: a refused client, a broken frame. */
  report(line: string): void;
}

export interface DapConnection {
  /** Settles once the session has ended and its agents are stopped; `refused` when this side ended it. */
  readonly ended: Promise<'closed' | 'refused'>;
  /** Ends the session from this side (the adapter is shutting down). */
  close(): Promise<'closed' | 'refused'>;
}

/** Before the token only `initialize` and `launch` are possible, and neither needs more. */
const UNKEYED_MAX_BODY = 64 * 1024;
const MAX_BODY = 16 * 1024 * 1024;
const KEYED_COMMANDS = new Set(['launch', 'attach']);

export function serveDapConnection(input: Readable, output: Writable, options: DapConnectionOptions): DapConnection {
  const { token } = options;
  const session = new BrainDebugSession();
  const reader = new DapFrameReader(token === undefined ? MAX_BODY : UNKEYED_MAX_BODY);
  let keyed = token === undefined;
  let closing = false;
  let settle!: (how: 'closed' | 'refused') => void;
  const ended = new Promise<'closed' | 'refused'>((resolve) => (settle = resolve));

  const close = (how: 'closed' | 'refused' = 'closed'): Promise<'closed' | 'refused'> => {
    if (closing) return ended;
    closing = true;
    input.off('data', onData);
    // What the session said last (a refusal, the disconnect response) goes out before the close.
    output.end(() => input.destroy());
    session.end().then(
      () => settle(how),
      (error: unknown) => {
        options.report(`the session with ${options.peer} did not end cleanly: ${(error as Error).message}`);
        settle(how);
      },
    );
    return ended;
  };

  const refuse = (request: DebugProtocol.Request): void => {
    // The command is the client's text: quoted and cut short, it cannot forge a line of the report.
    const why = KEYED_COMMANDS.has(request.command)
      ? 'the token is missing or wrong'
      : `${JSON.stringify(request.command.slice(0, 40))} before a launch or attach with the token`;
    const help =
      'the launch configuration\'s "token" must be the one `brainbench dap --port` printed or keeps in its --token-file';
    session.sendResponse(new Response(request, `brainbench dap closed the connection: ${why} (${help})`));
    options.report(`refused ${options.peer}: ${why}; closed the connection`);
    void close('refused');
  };

  const admitted = (request: DebugProtocol.Request): boolean => {
    if (keyed || request.command === 'initialize') return true;
    const args = request.arguments as { token?: unknown } | undefined;
    if (!KEYED_COMMANDS.has(request.command) || !tokenMatches(token!, args?.token)) return false;
    keyed = true;
    reader.maxBodyBytes = MAX_BODY;
    return true;
  };

  function onData(chunk: Buffer): void {
    let requests: DebugProtocol.Request[];
    try {
      requests = reader.read(chunk);
    } catch (error) {
      if (!(error instanceof DapFrameError)) throw error;
      options.report(`closed the connection from ${options.peer}: ${error.message}`);
      void close('refused');
      return;
    }
    for (const request of requests) {
      if (closing) return;
      if (!admitted(request)) return refuse(request);
      session.handleMessage(request);
    }
  }

  session.onDidSendMessage((message) => {
    if (!output.writable) return;
    const json = JSON.stringify(message);
    output.write(`Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`);
    const response = message as DebugProtocol.Response;
    if (response.type === 'response' && response.command === 'disconnect') void close();
  });
  input.on('data', onData);
  for (const stream of [input, output]) stream.on('error', () => void close());
  input.on('end', () => void close());
  input.on('close', () => void close());
  return { ended, close: () => close() };
}
