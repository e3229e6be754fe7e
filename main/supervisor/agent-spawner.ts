// One small interface over the ways an agent process can be started: Node's child_process.fork
// (web mode, CLI, tests) and Electron's utilityProcess.fork (the desktop app).

export interface AgentChannel {
  readonly pid: number | undefined;
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  kill(): void;
}

export interface SpawnOptions {
  name: string;
  /** The process's whole environment (agent-sandbox.ts scrubs it). */
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Node options of the process, where the spawner runs Node (the permission model's flags). */
  execArgv?: string[];
}

export type AgentSpawner = (entry: string, options: SpawnOptions) => AgentChannel;
