// What an agent's process is started with, from the config: its runtime kind and checked params,
// and its limits. A config error found here (an unknown runtime kind, bad params) is located.

import type { AgentInit } from '../agent-protocol/agent-protocol.ts';
import type { OmwConfig } from '../config/config-types.ts';
import { locatedError } from '../config/located-error.ts';
import { parseParams } from '../config/params/parse-params.ts';
import { RUNTIME_KINDS, runtimeDescriptor } from '../runtimes/runtimes.ts';
import { withResolvedPaths } from '../runtimes/wasm/runtime-paths.ts';

/**
 * A WASI sandbox that inherits the environment or the arguments inherits the host's: the agent
 * process has a scrubbed environment of its own (agent-sandbox.ts), so the host puts them in.
 */
function withInheritedHostContext<T extends object>(params: T): T {
  const wasi = params as T & { inherit_env?: boolean; env?: Record<string, string>; inherit_args?: boolean };
  if (wasi.inherit_env !== true && wasi.inherit_args !== true) return params;
  const hostEnv = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return {
    ...params,
    ...(wasi.inherit_env === true ? { inherit_env: false, env: { ...hostEnv, ...wasi.env } } : {}),
    ...(wasi.inherit_args === true ? { inherit_args: false, args: process.argv.slice(1) } : {}),
  };
}

export function agentInit(config: OmwConfig, agent: string): AgentInit {
  const runtimeName = config.agents[agent]!.runtime;
  const impl = config.runtime[runtimeName]!;
  const descriptor = runtimeDescriptor(impl.kind);
  if (!descriptor) {
    const supported = RUNTIME_KINDS.join(', ');
    throw locatedError(
      config,
      ['runtime', runtimeName, 'kind'],
      `runtime kind "${impl.kind}" is not supported; supported kinds: ${supported}`,
    );
  }
  const params = parseParams(descriptor.params, impl, config, ['runtime', runtimeName]);
  const resolved = withInheritedHostContext(withResolvedPaths(params, config, ['runtime', runtimeName]));
  return {
    agent,
    runtime: { kind: impl.kind, params: resolved },
    limits: {
      maxBusyMs: params.max_busy_ms,
      maxMemoryBytes: params.max_memory_mb * 1024 * 1024,
      maxStackBytes: params.max_stack_kb * 1024,
      deadlineMs: params.deadline_ms,
      maxOutputLines: params.max_output_lines,
    },
    deadlineMs: params.deadline_ms,
    interruptBudgetMs: config.tunables.interrupt_budget_ms,
  };
}
