import { fork } from 'node:child_process';
import type { AgentSpawner } from './agent-spawner.ts';

/** Agent processes as Node children; 'advanced' serialization is V8 structured clone. */
export const forkSpawner: AgentSpawner = (entry, options) => {
  const child = fork(entry, [options.name], {
    serialization: 'advanced',
    env: options.env ?? process.env,
    cwd: options.cwd,
    execArgv: options.execArgv ?? [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Errors of the channel itself (a failed spawn, a broken pipe) surface as the exit.
  child.on('error', () => undefined);
  return {
    get pid() {
      return child.pid;
    },
    send: (message) => {
      // A process that died between the check and the write fails the write (EPIPE); its exit
      // is what reports it, so the write error is dropped rather than thrown at the host.
      if (child.connected) child.send(message as never, (error) => void error);
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', (code, signal) => listener(code, signal)),
    kill: () => child.kill('SIGKILL'),
  };
};
