// `brainbench dap`: one debug session on standard input/output, or, with a port, one per TCP
// connection on 127.0.0.1 (a client such as VS Code's `debugServer` setting connects there). Over
// TCP a client must show the token printed at start (or kept in --token-file) in its launch.

import { createServer, type Socket } from 'node:net';
import { serveDapConnection, type DapConnection } from './dap-connection.ts';
import { DapStartError } from './dap-start-error.ts';
import { newDapToken, tokenFromFile } from './dap-token.ts';

export interface DapOptions {
  port?: number;
  /** Where the token is kept (read, or created readable by the user alone); a new one each start without it. */
  tokenFile?: string;
}

const report = (line: string): void => void process.stderr.write(`brainbench dap: ${line}\n`);

export async function dapCommand(options: DapOptions): Promise<number> {
  try {
    return await (options.port === undefined ? serveStdio() : serveTcp(options.port, options.tokenFile));
  } catch (error) {
    if (!(error instanceof DapStartError)) throw error;
    report(error.message);
    return 1;
  }
}

async function serveStdio(): Promise<number> {
  const connection = serveDapConnection(process.stdin, process.stdout, { peer: 'standard input', report });
  return (await connection.ended) === 'closed' ? 0 : 1;
}

async function serveTcp(port: number, tokenFile: string | undefined): Promise<number> {
  const kept = tokenFile === undefined ? undefined : tokenFromFile(tokenFile);
  if (kept?.created) report(`wrote a new token to ${tokenFile} (readable by you alone)`);
  const token = kept?.token ?? newDapToken();
  const connections = new Set<DapConnection>();
  const server = createServer((socket: Socket) => {
    const connection = serveDapConnection(socket, socket, {
      token,
      peer: `${socket.remoteAddress}:${socket.remotePort}`,
      report,
    });
    connections.add(connection);
    void connection.ended.then(() => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => reject(listenError(error, port)));
    server.listen(port, '127.0.0.1', resolve);
  });
  // Past listening, a failure to accept one connection (too many open files) is no reason to stop.
  server.on('error', (error) => report(`a connection could not be accepted: ${error.message}`));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  // One line for a person to copy and a script to parse; the token is hex, so a double click takes it whole.
  report(`listening on 127.0.0.1:${bound} ${tokenFile === undefined ? `token ${token}` : `token-file ${tokenFile}`}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  server.close();
  await Promise.all([...connections].map((connection) => connection.close()));
  return 0;
}

function listenError(error: Error, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new DapStartError(`port ${port} is in use: choose another with --port, or --port 0 for a free one`);
  if (code === 'EACCES')
    return new DapStartError(`port ${port} needs privileges this user lacks: choose one above 1023, or --port 0`);
  return error;
}
