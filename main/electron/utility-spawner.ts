import { utilityProcess } from 'electron';
import type { AgentSpawner } from '../supervisor/agent-spawner.ts';

/**
 * Agent processes as Electron utility processes (the desktop app's spawner). They get the
 * scrubbed environment; Node's permission flags (`execArgv`) are not given, since Electron's
 * utility process is not documented to honour them.
 */
export const utilitySpawner: AgentSpawner = (entry, options) => {
  const child = utilityProcess.fork(entry, [options.name], {
    env: options.env as NodeJS.ProcessEnv | undefined,
    cwd: options.cwd,
    serviceName: `brainbench agent ${options.name}`,
    stdio: 'inherit',
  });
  return {
    get pid() {
      return child.pid;
    },
    send: (message) => child.postMessage(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) => child.on('exit', (code) => listener(code, null)),
    kill: () => {
      child.kill();
    },
  };
};
