// omw-compat 1.8: every tunable is optional and defaults to omw's value. Brainbench adds its own
// (docs/config.md), each with a default, so an omw config without them loads unchanged.

import { z } from 'zod';

import { closedTable } from './closed-table.ts';
import type { Tunables } from './config-types.ts';

const count = (omwDefault: number) => z.number().int().nonnegative().default(omwDefault);
const flag = (omwDefault: boolean) => z.boolean().default(omwDefault);

export const tunablesSchema = closedTable({
  inbox_bound: count(1024),
  recv_slice_ms: count(200),
  recv_timeout_secs: count(60),
  reload_poll_ms: count(200),
  interrupt_budget_ms: count(100),
  reload_grace_secs: count(5),
  loop_backoff_start_ms: count(100),
  loop_backoff_cap_secs: count(30),
  tooling_connect_backoff_start_ms: count(100),
  tooling_connect_backoff_cap_secs: count(30),
  watch_debounce_ms: count(200),
  tui_tick_ms: count(80),
  tui_tab_capacity: count(2000),
  trace_buffer: count(4096),
  test_timeout_secs: count(30),
  session_buffer: count(8192),
  cancel_pumps_on_reload: flag(true),
  allow_unlocked_secrets: flag(false),
  max_agents: z.number().int().min(1).default(64),
  output_lines_per_second: count(2000),
  output_burst_lines: count(20_000),
}) satisfies z.ZodType<Tunables>;
