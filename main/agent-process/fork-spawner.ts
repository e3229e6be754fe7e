import { fork } from 'node:child_process';
import type { AgentSpawner } from './agent-channel.ts';

/** Agent processes as Node children; 'advanced' serialization is V8 structured clone. */
export const forkSpawner: AgentSpawner = (entry, options) => {
  const child = fork(entry, [options.name], {
    serialization: 'advanced',
    env: options.env ?? process.env,
    cwd: options.cwd,
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    get pid() {
      return child.pid;
    },
    send: (message) => {
      if (child.connected) child.send(message as never);
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', (code, signal) => listener(code, signal)),
    kill: () => child.kill('SIGKILL'),
  };
};
