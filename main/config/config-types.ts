// The validated configuration model shared by the runtime, the test harness and the workbench.
// Field names follow omw's configuration keys (omw-compat section 1).

import type { KeyPath } from './key-path.ts';

export interface SourceLocation {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

/** A `kind` plus its flattened sibling keys, which stay unvalidated until the back end is built. */
export interface ImplConfig {
  kind: string;
  params: Record<string, unknown>;
  /** Where `kind` was declared. */
  location?: SourceLocation;
}

export interface AgentConfig {
  /** Name of an entry of `OmwConfig.runtime`. */
  runtime: string;
  /** Absolute path of the brain. */
  script: string;
  /** The file that set `script`; `<environment>` or `<stdin>` when it came from there. */
  declaredIn: string;
}

/** omw's global knobs (omw-compat 1.8) with omw's defaults, and Brainbench's own. */
export interface Tunables {
  inbox_bound: number;
  recv_slice_ms: number;
  recv_timeout_secs: number;
  reload_poll_ms: number;
  interrupt_budget_ms: number;
  reload_grace_secs: number;
  loop_backoff_start_ms: number;
  loop_backoff_cap_secs: number;
  tooling_connect_backoff_start_ms: number;
  tooling_connect_backoff_cap_secs: number;
  watch_debounce_ms: number;
  tui_tick_ms: number;
  tui_tab_capacity: number;
  trace_buffer: number;
  test_timeout_secs: number;
  session_buffer: number;
  cancel_pumps_on_reload: boolean;
  allow_unlocked_secrets: boolean;
  /** Brainbench: the most agents a config may declare, since each one runs as its own process. */
  max_agents: number;
  /** Brainbench: lines of output an agent may put in the trace per second, sustained; 0: no limit. */
  output_lines_per_second: number;
  /** Brainbench: lines an agent may put in the trace at once, above the sustained rate. */
  output_burst_lines: number;
}

/** Answers where a value of a configuration came from; enough to report a located ConfigError. */
export interface KeyOrigins {
  /** The main config file (absolute), used when a key cannot be located. */
  file: string;
  /** Finds the source position of a key path (last layer that set it wins); undefined if unknown. */
  locate(path: KeyPath): SourceLocation | undefined;
  /** True when an environment variable wrote the value at `path`, which is then still an uncoerced string. */
  setByEnvironment(path: KeyPath): boolean;
}

export interface OmwConfig extends KeyOrigins {
  /** Sorted by agent name, the order omw iterates them in. */
  agents: Record<string, AgentConfig>;
  providers: Record<string, ImplConfig>;
  tooling: Record<string, ImplConfig>;
  runtime: Record<string, ImplConfig>;
  endpoint?: ImplConfig;
  /** Per agent, already stringified per omw-compat 1.4: strings as-is, other JSON as compact JSON text. */
  memory: Record<string, Record<string, string>>;
  tunables: Tunables;
  /** The raw `[assertions]` table if present; the assertion module parses it. */
  assertions?: unknown;
}
