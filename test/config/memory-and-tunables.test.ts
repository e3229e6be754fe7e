import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadConfig } from '../../main/config/load-config.ts';
import { configErrorOf } from './config-error-of.ts';
import { fixtureDir } from './fixture-dir.ts';

describe('memory seeding', () => {
  it('stores strings as-is and any other JSON value as compact JSON text', () => {
    const dir = fixtureDir({
      'omw.toml': `
[memory.alice]
color = "blue"
quoted = '"already json"'
count = 3
ratio = 0.5
on = true
list = [1, "two", { three = 3 }]
nested = { a = { b = [] } }
born = 1979-05-27

[memory.bob]
empty = ""
`,
      'omw.json': '{"memory": {"alice": {"nothing": null, "text": "x"}}}',
    });
    const toml = loadConfig(join(dir, 'omw.toml'), { env: {} });
    assert.deepEqual(toml.memory, {
      alice: {
        color: 'blue',
        quoted: '"already json"',
        count: '3',
        ratio: '0.5',
        on: 'true',
        list: '[1,"two",{"three":3}]',
        nested: '{"a":{"b":[]}}',
        born: '1979-05-27',
      },
      bob: { empty: '' },
    });
    const json = loadConfig(join(dir, 'omw.json'), { env: {} });
    assert.deepEqual(json.memory, { alice: { nothing: 'null', text: 'x' } });
  });
});

describe('tunables', () => {
  it("defaults every tunable to omw's value", () => {
    const dir = fixtureDir({ 'omw.toml': '' });
    assert.deepEqual(loadConfig(join(dir, 'omw.toml'), { env: {} }).tunables, {
      inbox_bound: 1024,
      recv_slice_ms: 200,
      recv_timeout_secs: 60,
      reload_poll_ms: 200,
      interrupt_budget_ms: 100,
      reload_grace_secs: 5,
      loop_backoff_start_ms: 100,
      loop_backoff_cap_secs: 30,
      tooling_connect_backoff_start_ms: 100,
      tooling_connect_backoff_cap_secs: 30,
      watch_debounce_ms: 200,
      tui_tick_ms: 80,
      tui_tab_capacity: 2000,
      trace_buffer: 4096,
      test_timeout_secs: 30,
      session_buffer: 8192,
      cancel_pumps_on_reload: true,
      allow_unlocked_secrets: false,
      max_agents: 64,
      output_lines_per_second: 2000,
      output_burst_lines: 20000,
    });
  });

  it('overrides only the tunables the file names', () => {
    const dir = fixtureDir({ 'omw.yaml': 'tunables:\n  test_timeout_secs: 0\n  cancel_pumps_on_reload: false\n' });
    const { tunables } = loadConfig(join(dir, 'omw.yaml'), { env: {} });
    assert.equal(tunables.test_timeout_secs, 0);
    assert.equal(tunables.cancel_pumps_on_reload, false);
    assert.equal(tunables.inbox_bound, 1024);
  });

  it('rejects an unknown tunable at its position', () => {
    const dir = fixtureDir({ 'omw.toml': '[tunables]\ninbox_bound = 8\ninbox_size = 8\n' });
    const error = configErrorOf(() => loadConfig(join(dir, 'omw.toml'), { env: {} }));
    assert.deepEqual([error.line, error.column, error.keyPath], [3, 1, 'tunables.inbox_size']);
    assert.match(
      error.problem,
      /^expected one of the keys inbox_bound, recv_slice_ms, .*allow_unlocked_secrets, max_agents, output_lines_per_second, output_burst_lines$/,
    );
    assert.equal(error.found, 'found "inbox_size"');
  });

  it('rejects a negative or fractional count', () => {
    const dir = fixtureDir({
      'omw.toml': 'tunables = { reload_grace_secs = -1 }',
      'omw.json': '{"tunables":{"tui_tick_ms":1.5}}',
    });
    assert.match(
      configErrorOf(() => loadConfig(join(dir, 'omw.toml'), { env: {} })).message,
      /omw\.toml:1:14: tunables\.reload_grace_secs: expected a number >= 0 \(found -1\)$/,
    );
    assert.match(
      configErrorOf(() => loadConfig(join(dir, 'omw.json'), { env: {} })).message,
      /omw\.json:1:14: tunables\.tui_tick_ms: expected an integer \(found 1\.5\)$/,
    );
  });
});
