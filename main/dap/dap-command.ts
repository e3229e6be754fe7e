// Runs a BrainDebugSession on standard input/output, or, with a port, one per TCP connection
// (a client such as VS Code's `debugServer` setting connects there).

import { createServer } from 'node:net';
import { BrainDebugSession } from './brain-debug-session.ts';

export function dapCommand(options: { port?: number }): Promise<number> {
  if (options.port === undefined) {
    return new Promise((resolve) => {
      const session = new BrainDebugSession();
      session.on('close', () => resolve(0));
      process.stdin.on('end', () => resolve(0));
      session.start(process.stdin, process.stdout);
    });
  }
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      const session = new BrainDebugSession();
      session.setRunAsServer(true);
      session.start(socket, socket);
    });
    server.on('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      process.stderr.write(`brainbench dap: listening on 127.0.0.1:${port}\n`);
    });
    process.once('SIGINT', () => server.close(() => resolve(0)));
  });
}
